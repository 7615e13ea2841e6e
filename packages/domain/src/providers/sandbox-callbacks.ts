import type { DelayedCallback } from "./provider-types";

/*
 * The sandbox senders' delayed status callbacks: a timer per message in this process (enough for a sandbox, which
 * has no provider to keep them), each posted to the app's own hook endpoint when it fires, so sandbox traffic takes
 * the same verified path as a real provider's. On close nothing is dropped silently: pending callbacks are posted
 * at once, and any that cannot be delivered are logged with what they reported.
 */

export const SANDBOX_DELAY_ENV = "LEADFLOW_SANDBOX_CALLBACK_DELAY_MS";
export const DEFAULT_SANDBOX_DELAY_MS = 2000;
/** One post may take this long; the hook answers at once, so only an unreachable app gets near it. */
const POST_TIMEOUT_MS = 5000;

export interface SandboxCallbacksOptions {
  /** How long after the send the callback is posted; 0 in tests. */
  delayMs?: number;
  /** Delivers one callback; throws when it was not taken. Default: an HTTP POST to `url`. */
  post?: (callback: DelayedCallback) => Promise<void>;
  log?: (message: string) => void;
}

async function httpPost(cb: DelayedCallback): Promise<void> {
  const res = await fetch(cb.url, { method: "POST", headers: cb.headers, body: cb.body, signal: AbortSignal.timeout(POST_TIMEOUT_MS) });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`the hook answered HTTP ${res.status}`);
}

export class SandboxCallbacks {
  readonly delayMs: number;
  private readonly post: (callback: DelayedCallback) => Promise<void>;
  private readonly log: (message: string) => void;
  private readonly timers = new Map<ReturnType<typeof setTimeout>, DelayedCallback>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(opts: SandboxCallbacksOptions = {}) {
    this.delayMs = opts.delayMs ?? DEFAULT_SANDBOX_DELAY_MS;
    this.post = opts.post ?? httpPost;
    this.log = opts.log ?? ((message) => console.warn(`[leadflow] ${message}`));
  }

  /** Posts the callback after the delay; once closed, at once. */
  schedule(callback: DelayedCallback): void {
    if (this.closed) {
      this.deliver(callback);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.deliver(callback);
    }, this.delayMs);
    this.timers.set(timer, callback);
  }

  /** Callbacks not yet answered (waiting or being posted). */
  get pending(): number {
    return this.timers.size + this.inFlight.size;
  }

  /** Resolves once every callback scheduled so far has been posted and answered (tests). */
  async idle(): Promise<void> {
    while (this.pending > 0) {
      if (this.inFlight.size > 0) await Promise.all(this.inFlight);
      else await new Promise((resolve) => setTimeout(resolve, Math.min(this.delayMs, 20)));
    }
  }

  /** Posts every waiting callback now and waits for the answers; later ones are posted as they come. */
  async close(): Promise<void> {
    this.closed = true;
    const waiting = [...this.timers];
    this.timers.clear();
    for (const [timer, callback] of waiting) {
      clearTimeout(timer);
      this.deliver(callback);
    }
    await Promise.all(this.inFlight);
  }

  private deliver(callback: DelayedCallback): void {
    const attempt = this.post(callback)
      .catch((error: unknown) => {
        const why = error instanceof Error ? error.message : String(error);
        this.log(`Sandbox callback (${callback.what}) could not be delivered to ${new URL(callback.url).pathname}: ${why}`);
      })
      .finally(() => this.inFlight.delete(attempt));
    this.inFlight.add(attempt);
  }
}

/** The delay from LEADFLOW_SANDBOX_CALLBACK_DELAY_MS (ms, default 2000); throws on a malformed value. */
export function sandboxDelayFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env[SANDBOX_DELAY_ENV]?.trim();
  if (!raw) return DEFAULT_SANDBOX_DELAY_MS;
  const delayMs = Number(raw);
  if (!Number.isInteger(delayMs) || delayMs < 0)
    throw new Error(`${SANDBOX_DELAY_ENV} must be a whole number of milliseconds, got "${raw}".`);
  return delayMs;
}

let shared: SandboxCallbacks | undefined;

/** The process's queue (its delay from the environment); the runtime creates it at start and closes it on shutdown. */
export function sharedSandboxCallbacks(): SandboxCallbacks {
  shared ??= new SandboxCallbacks({ delayMs: sandboxDelayFromEnv() });
  return shared;
}
