import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onInterrupt } from "../shared/interrupt";
import { freePort } from "../shared/processes";

/*
 * The S2 load case as an operator runs it: `api` and `worker` processes of the real CLI
 * (`npm run leadflow -- api|worker`, server mode) on one PostgreSQL database, sharing one data dir for uploads and
 * exports. Each is a Node process of its own, so the product's pools, queues and limits are the ones that ship.
 */

export interface Cluster {
  /** Base URLs of the api processes, e.g. http://127.0.0.1:41234. */
  apiUrls: string[];
  dataDir: string;
  /** SIGTERM to every process (their own drain), then waits for them. */
  stop(): Promise<void>;
}

interface Proc {
  child: ChildProcess;
  exited: Promise<void>;
}

const root = join(import.meta.dirname, "../../..");

export async function startCluster(
  databaseUrl: string,
  opts: { api: number; workers: number; env?: Record<string, string> },
): Promise<Cluster> {
  const dataDir = mkdtempSync(join(tmpdir(), "leadflow-s2-"));
  const procs: Proc[] = [];
  const apiUrls: string[] = [];
  const base = {
    DATABASE_URL: databaseUrl,
    HOST: "127.0.0.1",
    LEADFLOW_DATA_DIR: dataDir,
    // Request lines at info would be two log writes a request; production sets its own level.
    LOG_LEVEL: "warn",
    ...opts.env,
  };
  try {
    // One at a time: each migrates at start (under an advisory lock) and creates its queues.
    for (let i = 0; i < opts.api; i++) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      procs.push(await start("api", { ...base, PORT: String(port), APP_URL: url }, /api ready on/));
      apiUrls.push(url);
    }
    for (let i = 0; i < opts.workers; i++) procs.push(await start("worker", { ...base, APP_URL: apiUrls[0] ?? "" }, /worker ready on/));
  } catch (e) {
    await stopAll(procs);
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    apiUrls,
    dataDir,
    async stop() {
      await stopAll(procs);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function stopAll(procs: Proc[]): Promise<void> {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGTERM");
  await Promise.all(procs.map((p) => p.exited));
}

async function start(role: "api" | "worker", env: Record<string, string>, ready: RegExp): Promise<Proc> {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/src/cli/main.ts"), role], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const forget = onInterrupt(async () => child.kill("SIGKILL"));
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      forget();
      resolve();
    }),
  );
  let out = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (c: string) => {
      if (out.length < 100_000) out += c;
      if (ready.test(out)) resolve();
    });
    void exited.then(() => reject(new Error(`leadflow ${role} exited before it was ready:\n${out}`)));
  });
  return { child, exited };
}
