import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onInterrupt } from "../shared/interrupt";
import { freePort } from "../shared/processes";

/*
 * B10's two servers, each a Node process of its own (the load client is a third): the baseline (baseline-server.ts)
 * and the real app server — the `api` role of the CLI (`npm run leadflow -- api`, server mode), so SIGTERM runs the
 * product's own drain (runtime.ts: HTTP first, then the queue, then the database).
 */

export interface ServerProcess {
  pid: number;
  url: string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (the drain), then waits for the exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const root = join(import.meta.dirname, "../../..");

/** The real app server on 127.0.0.1: `linkRateLimit` requests per minute per address (the load is all from one). */
export async function startAppServer(databaseUrl: string, linkRateLimit: number): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "leadflow-b10-"));
  const server = await start(
    [join(root, "apps/server/src/cli/main.ts"), "api"],
    {
      DATABASE_URL: databaseUrl,
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      LEADFLOW_DATA_DIR: dataDir,
      LEADFLOW_LINK_RATE_LIMIT: String(linkRateLimit),
      LEADFLOW_LINK_RATE_WINDOW: "60",
      // Request lines at info would be two log writes a request; production sets its own level.
      LOG_LEVEL: "warn",
    },
    /api ready on/,
    () => url,
  );
  void server.exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  return server;
}

export function startBaselineServer(): Promise<ServerProcess> {
  return start([join(import.meta.dirname, "baseline-server.ts")], {}, /LISTENING (\S+)/, (m) => m[1]!);
}

async function start(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  urlOf: (m: RegExpMatchArray) => string,
): Promise<ServerProcess> {
  // B10_CPU_PROF=<dir>: the servers write a CPU profile there as they exit (where a run's time went).
  const prof = process.env.B10_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.B10_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...prof, "--import", "tsx", ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const forget = onInterrupt(async () => child.kill("SIGKILL"));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      forget();
      resolve({ code, signal });
    }),
  );
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (c: string) => {
      if (out.length < 100_000) out += c;
      const m = ready.exec(out);
      if (m) resolve(urlOf(m));
    });
    void exited.then(({ code, signal }) => reject(new Error(`${args[0]} exited (${code ?? signal}) before it was ready:\n${out}`)));
  });
  return {
    pid: child.pid!,
    url,
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
