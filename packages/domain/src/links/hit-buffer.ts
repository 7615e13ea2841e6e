import type { DbOrTx } from "../shared/rows";
import { applyEffectsOnce, type EffectBatch, type Hit, storeHits } from "./hit-flush";

/*
 * The redirect answers before its click is written: hits wait here and are written in two stages (hit-flush.ts),
 * each one batch at a time, every `intervalMs` or as soon as a batch is full:
 *   1. the hits themselves — one multi-row insert a flush, nothing else, so clicks are stored as fast as they come;
 *   2. what the counted ones change (first clicks, campaign counters, the leads' engagement, trigger campaigns) — one
 *      transaction a batch, set-based, each link / message / lead once, behind the first stage.
 * A failed write keeps its batch and tries again on the next tick: stage 1 is idempotent by hit id, and stage 2 by
 * its transaction's id — a batch whose COMMIT went unanswered is retried first, and applied again only if PostgreSQL
 * says that transaction did not commit (applyEffectsOnce), so `total_clicks` and the counters move once. Memory is
 * bounded: past `maxPending` hits waiting in either stage, `room()` answers a promise a redirect waits on (up to
 * `maxWaitMs`) while the flushes run at once — the click is kept either way, the answers slow to the pace the
 * database stores them. `close` writes both stages — the SIGTERM drain calls it after the last request has been
 * answered, so a click answered is a click stored.
 */

export interface HitBufferOptions {
  intervalMs?: number;
  /** Hits a stage-1 insert takes at most. */
  maxBatch?: number;
  /** Counted hits a stage-2 transaction takes at most. */
  maxEffectsBatch?: number;
  /** Hits waiting (both stages) past which redirects wait for the flushes. */
  maxPending?: number;
  /** The longest a redirect waits for room (a database that does not answer must not stop the redirects). */
  maxWaitMs?: number;
  /** Wakes the dispatchers of trigger rows a flush planned. */
  wake?: (gatewayIds: readonly number[]) => Promise<void>;
  log?: (message: string) => void;
}

export class HitBuffer {
  private pending: Hit[] = [];
  private effects: Hit[] = [];
  /** A stage-2 batch that failed once its transaction had begun: retried (as itself) before any other. */
  private doubt: EffectBatch | null = null;
  private timer: NodeJS.Timeout | null = null;
  private effectsTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private applying: Promise<void> | null = null;
  private waiters: (() => void)[] = [];
  private readonly intervalMs: number;
  private readonly maxBatch: number;
  private readonly maxEffectsBatch: number;
  private readonly maxPending: number;
  private readonly maxWaitMs: number;
  /**
   * Hits written and flushes done (stage 1), effect batches applied (stage 2; `effectsFoundCommitted`: retried ones an
   * unanswered attempt had applied), redirects held back: benchmark, tests.
   */
  readonly stats = { written: 0, flushes: 0, failures: 0, effectBatches: 0, effectFailures: 0, effectsFoundCommitted: 0, waits: 0 };

  constructor(
    private readonly db: DbOrTx,
    private readonly opts: HitBufferOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 250;
    this.maxBatch = opts.maxBatch ?? 2_000;
    this.maxEffectsBatch = opts.maxEffectsBatch ?? 5_000;
    this.maxPending = opts.maxPending ?? 50_000;
    this.maxWaitMs = opts.maxWaitMs ?? 1_000;
  }

  push(hit: Hit): void {
    this.pending.push(hit);
    this.next(1);
  }

  /** Hits waiting in either stage. */
  get size(): number {
    return this.pending.length + this.effects.length + (this.doubt?.hits.length ?? 0);
  }

  /** Null while there is room; past `maxPending`, flushes at once and answers when there is room (or `maxWaitMs`). */
  room(): Promise<void> | null {
    if (this.size < this.maxPending) return null;
    this.stats.waits++;
    void this.flush();
    void this.applyEffects();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.maxWaitMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Stage 1: inserts what is waiting (a flush already running finishes first); never throws. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.flushing) return this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending.splice(0, this.maxBatch);
    this.flushing = this.store(batch).finally(() => {
      this.flushing = null;
      this.release();
      if (this.pending.length) this.next(1);
    });
    return this.flushing;
  }

  /** Stage 2: applies the effects of stored counted hits (one batch running at a time); never throws. */
  async applyEffects(): Promise<void> {
    if (this.effectsTimer) clearTimeout(this.effectsTimer);
    this.effectsTimer = null;
    if (this.applying) return this.applying;
    const batch = this.doubt ?? (this.effects.length ? { hits: this.effects.splice(0, this.maxEffectsBatch), xid: null } : null);
    if (!batch) return;
    this.doubt = null;
    this.applying = this.apply(batch).finally(() => {
      this.applying = null;
      this.release();
      if (this.effects.length || this.doubt) this.next(2);
    });
    return this.applying;
  }

  private async store(batch: Hit[]): Promise<void> {
    try {
      const counted = await storeHits(this.db, batch);
      this.stats.written += batch.length;
      this.stats.flushes++;
      if (counted.length) {
        this.effects.push(...counted);
        this.next(2);
      }
    } catch (e) {
      this.stats.failures++;
      this.pending.unshift(...batch);
      this.opts.log?.(`links: ${batch.length} hits not written yet (${(e as Error).message}); retrying`);
    }
  }

  private async apply(batch: EffectBatch): Promise<void> {
    try {
      const gateways = await applyEffectsOnce(this.db, batch);
      this.stats.effectBatches++;
      if (gateways === null) this.stats.effectsFoundCommitted++;
      else if (gateways.length && this.opts.wake) await this.opts.wake(gateways).catch((e) => this.opts.log?.(`links: wake failed: ${e}`));
    } catch (e) {
      this.stats.effectFailures++;
      // Before its transaction began nothing can have been applied: the hits go back in line. After, the batch is
      // kept whole with its transaction's id, to be asked about first.
      if (batch.xid === null) this.effects.unshift(...batch.hits);
      else this.doubt = batch;
      this.opts.log?.(`links: the effects of ${batch.hits.length} clicks not applied yet (${(e as Error).message}); retrying`);
    }
  }

  /**
   * The stage's next batch: at once when a batch is full or redirects wait for room (a timer set for later gives way),
   * else at the next tick.
   */
  private next(stage: 1 | 2): void {
    const waiting = stage === 1 ? this.pending.length : this.effects.length + (this.doubt?.hits.length ?? 0);
    const full = waiting >= (stage === 1 ? this.maxBatch : this.maxEffectsBatch);
    if (full || this.waiters.length > 0 || this.size >= this.maxPending) {
      void (stage === 1 ? this.flush() : this.applyEffects());
      return;
    }
    if (stage === 1) this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
    else this.effectsTimer ??= setTimeout(() => void this.applyEffects(), this.intervalMs);
  }

  /** Lets the redirects held by `room()` go once there is room again. */
  private release(): void {
    if (this.waiters.length === 0 || this.size >= this.maxPending) return;
    const waiting = this.waiters;
    this.waiters = [];
    for (const go of waiting) go();
  }

  /** Writes everything left in both stages; gives up after `attempts` failed writes in a row (the database is gone). */
  async close(attempts = 5): Promise<void> {
    let failures = 0;
    while (this.pending.length || this.effects.length || this.doubt || this.flushing || this.applying) {
      const before = this.stats.failures + this.stats.effectFailures;
      await (this.flushing ?? this.flush());
      await (this.applying ?? this.applyEffects());
      if (this.stats.failures + this.stats.effectFailures > before && ++failures >= attempts) {
        this.opts.log?.(
          `links: ${this.pending.length} hits and the effects of ${this.size - this.pending.length} clicks could not be written at shutdown`,
        );
        break;
      }
      if (this.stats.failures + this.stats.effectFailures === before) failures = 0;
    }
    for (const t of [this.timer, this.effectsTimer]) if (t) clearTimeout(t);
    this.timer = null;
    this.effectsTimer = null;
    this.release();
  }
}
