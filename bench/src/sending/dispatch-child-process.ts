import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import type { Database } from "@leadflow/db";
import { onInterrupt } from "../shared/interrupt";

/*
 * The parent's side of dispatch-child.ts: starts a worker running the dispatchers of some gateways, kills it
 * (SIGKILL, as a crash or `kill -9` would), or stops it cleanly; and the supervisor's part after a kill.
 */

export interface DispatchWorker {
  /** The process id (F15 stops and continues a worker with SIGSTOP and SIGCONT). */
  pid: number;
  /** Resolves when the worker has opened its database and started its dispatchers. */
  started: Promise<void>;
  /** Outcomes the dispatchers answered so far ("idle", "leased", "lost"…). */
  outcomes(): string[];
  kill(): Promise<void>;
  /** Lets the runs in progress end, then waits for the process to exit. */
  stop(): Promise<void>;
}

/** `rate`: messages per second, or `gateway` for the pace the dispatcher derives from the gateway's send rate. */
export function startDispatchWorker(
  databaseUrl: string,
  providerUrl: string,
  rate: number | "gateway",
  gatewayIds: readonly number[],
): DispatchWorker {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", join(import.meta.dirname, "dispatch-child.ts"), databaseUrl, providerUrl, String(rate), ...gatewayIds.map(String)],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const forget = onInterrupt(async () => child.kill("SIGKILL"));
  let out = "";
  let onStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    onStarted = resolve;
  });
  child.stdout!.setEncoding("utf8").on("data", (c: string) => {
    out += c;
    if (out.includes("STARTED")) onStarted();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      forget();
      onStarted();
      resolve({ code, signal });
    }),
  );
  return {
    pid: child.pid!,
    started,
    outcomes: () => [...out.matchAll(/^OUTCOME \d+ (\w+)$/gm)].map((m) => m[1]!),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      child.stdin!.end();
      const { code, signal } = await exited;
      if (code !== 0 && signal !== "SIGKILL") throw new Error(`a dispatch worker failed (exit ${code ?? signal})`);
    },
  };
}

/**
 * After a kill, the supervisor's part (as F12 does for lookups): the dead worker's lease on these gateways would run
 * for up to 60 s more; a supervisor that saw the process die ends it at once, so the next worker takes over. Done a
 * moment after the death, so a commit the dead worker had in flight lands first.
 */
export async function endDeadLeases(database: Database, gatewayIds: readonly number[]): Promise<void> {
  await new Promise((r) => setTimeout(r, 300));
  await database.query("UPDATE send_dispatchers SET lease_until = now() - interval '1 second' WHERE id = ANY($1::int[])", [
    [...gatewayIds],
  ]);
}
