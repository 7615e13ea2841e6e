/**
 * What must be undone if the run is stopped (Ctrl-C, SIGTERM): drop the per-run PostgreSQL database, remove
 * uploaded copies, stop the load client. `finally` blocks do not run when a signal ends the process, so each
 * resource registers its cleanup here for the time it exists.
 */
const cleanups = new Set<() => Promise<unknown>>();
let stopping: Promise<never> | null = null;

export function onInterrupt(cleanup: () => Promise<unknown>): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/**
 * Once interrupted, the work that is still running fails in all sorts of ways (its child or database went away);
 * callers await this instead of reporting those errors, and the process exits when the cleanups are done.
 */
export function interrupted(): Promise<never> | null {
  return stopping;
}

function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  console.error(`\n${signal}: cleaning up ${cleanups.size} resource(s)…`);
  stopping = Promise.allSettled([...cleanups].map((c) => c())).then(() => process.exit(130));
}

process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
