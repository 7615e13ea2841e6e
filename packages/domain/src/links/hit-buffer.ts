import type { DbOrTx } from "../shared/rows";
import { flushHits, type Hit } from "./hit-flush";

/*
 * The redirect answers before its click is written: hits wait here and are written in batches (hit-flush.ts) every
 * `intervalMs` or as soon as `maxBatch` are waiting, one flush at a time. A failed flush keeps its hits and tries
 * again on the next tick (the insert is idempotent by hit id). `close` writes whatever is left — the SIGTERM drain
 * calls it after the last request has been answered, so a click answered is a click stored.
 */

export interface HitBufferOptions {
  intervalMs?: number;
  maxBatch?: number;
  /** Wakes the dispatchers of trigger rows a flush planned. */
  wake?: (gatewayIds: readonly number[]) => Promise<void>;
  log?: (message: string) => void;
}

export class HitBuffer {
  private pending: Hit[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly intervalMs: number;
  private readonly maxBatch: number;
  /** Hits written and flushes done, for the benchmark and the tests. */
  readonly stats = { written: 0, flushes: 0, failures: 0 };

  constructor(
    private readonly db: DbOrTx,
    private readonly opts: HitBufferOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 250;
    this.maxBatch = opts.maxBatch ?? 1_000;
  }

  push(hit: Hit): void {
    this.pending.push(hit);
    if (this.pending.length >= this.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  get size(): number {
    return this.pending.length;
  }

  /** Writes what is waiting (a flush already running finishes first); never throws. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.flushing) return this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending.splice(0, this.maxBatch);
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
      if (this.pending.length)
        this.timer ??= setTimeout(() => void this.flush(), this.pending.length >= this.maxBatch ? 0 : this.intervalMs);
    });
    return this.flushing;
  }

  private async write(batch: Hit[]): Promise<void> {
    try {
      const gateways = await flushHits(this.db, batch);
      this.stats.written += batch.length;
      this.stats.flushes++;
      if (gateways.length && this.opts.wake) await this.opts.wake(gateways).catch((e) => this.opts.log?.(`links: wake failed: ${e}`));
    } catch (e) {
      this.stats.failures++;
      this.pending.unshift(...batch);
      this.opts.log?.(`links: ${batch.length} hits not written yet (${(e as Error).message}); retrying`);
    }
  }

  /** Writes everything left; gives up after `attempts` failed flushes in a row (the database is gone). */
  async close(attempts = 5): Promise<void> {
    let failures = 0;
    while (this.pending.length || this.flushing) {
      const before = this.stats.failures;
      await (this.flushing ?? this.flush());
      if (this.stats.failures > before && ++failures >= attempts) {
        this.opts.log?.(`links: ${this.pending.length} hits could not be written at shutdown`);
        break;
      }
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
