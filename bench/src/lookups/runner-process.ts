import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import type { Database } from "@leadflow/db";
import { onInterrupt } from "../shared/interrupt";

/*
 * A lookup runner in a process of its own (runner-child.ts), as a job worker runs it, so a benchmark can SIGKILL
 * it at any moment (F12, F16).
 */

/**
 * Runs one worker; with `killAfterMs`, SIGKILLs it that long after it started running the job. The runner's
 * outcome when it finished by itself, else null.
 */
export async function runChild(args: string[], killAfterMs: number | null): Promise<{ outcome: string | null }> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "runner-child.ts"), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const forget = onInterrupt(async () => child.kill("SIGKILL"));
  let out = "";
  let timer: NodeJS.Timeout | undefined;
  child.stdout!.setEncoding("utf8").on("data", (c: string) => {
    const started = !out.includes("STARTED") && (out + c).includes("STARTED");
    out += c;
    if (started && killAfterMs !== null) timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  });
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (c, s) => resolve({ code: c, signal: s })),
  );
  clearTimeout(timer);
  forget();
  const outcome = /^OUTCOME (\w+)$/m.exec(out)?.[1] ?? null;
  if (signal === "SIGKILL") return { outcome };
  if (code !== 0 || !outcome) throw new Error(`a lookup worker failed (exit ${code}): ${out.trim()}`);
  return { outcome };
}

/** Waits until no other session on this database is running a statement or holding a transaction open. */
export async function waitForIdle(database: Database): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = 'leadflow'
         AND state IN ('active', 'idle in transaction', 'idle in transaction (aborted)')`,
    );
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
