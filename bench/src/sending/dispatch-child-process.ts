import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { onInterrupt } from "../shared/interrupt";

/*
 * The parent's side of dispatch-child.ts: starts a worker running the dispatchers of some gateways, kills it
 * (SIGKILL, as a crash or `kill -9` would), stops it as a deploy or a scale-down does (SIGTERM), or lets its runs end.
 * Nothing here touches the worker's leases: a killed worker's gateways are taken over by the others' leadership watch
 * (or by the next worker's claim), a stopped one's by the wake its dispatchers send.
 */

export interface DispatchWorker {
  /** The process id (F15 stops and continues a worker with SIGSTOP and SIGCONT). */
  pid: number;
  /** Resolves when the worker has opened its database and started its dispatchers. */
  started: Promise<void>;
  /** Outcomes the dispatchers answered so far ("idle", "leased", "lost", "stopped"…). */
  outcomes(): string[];
  kill(): Promise<void>;
  /**
   * SIGTERM, as the platform stops a worker: its dispatchers hand nothing more over, give back what they claimed and
   * let their leases go; resolves when the process has exited (throws unless it exited 0), with the epoch ms it did.
   */
  terminate(): Promise<{ exitedAt: number }>;
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
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => {
      forget();
      onStarted();
      resolve({ code, signal, at: Date.now() });
    }),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    pid: child.pid!,
    started,
    outcomes: () => [...out.matchAll(/^OUTCOME \d+ (\w+)$/gm)].map((m) => m[1]!),
    async kill() {
      if (running()) child.kill("SIGKILL");
      await exited;
    },
    async terminate() {
      if (running()) child.kill("SIGTERM");
      const { code, signal, at } = await exited;
      if (code !== 0) throw new Error(`a dispatch worker stopped by SIGTERM exited ${code ?? signal}`);
      return { exitedAt: at };
    },
    async stop() {
      if (running()) child.stdin!.end();
      const { code, signal } = await exited;
      if (code !== 0 && signal !== "SIGKILL") throw new Error(`a dispatch worker failed (exit ${code ?? signal})`);
    },
  };
}
