import { LRUCache } from "lru-cache";

/*
 * A bounded LRU with a time to live, for the redirect's hot path. The order is lru-cache's: a hit moves its key in a
 * linked list of array slots, without the delete and insert that made a big Map rehash its tombstones (docs/benchmarks.md,
 * B10). The time to live is kept here, on each entry, rather than as lru-cache's: it counts from when the read that found
 * the value began (`set`'s `readAt`), a miss (`null`, which lru-cache cannot hold bare) has its own shorter one, and an
 * expired entry stays readable through `last` until the bound drops it. Misses are cached so a scanner walking random
 * codes costs one read per code per TTL, not one per request; and concurrent misses of one key share one load (a hot
 * link that just expired from the cache is read once, not by every request waiting on it).
 */

export interface TtlCacheOptions {
  max: number;
  ttlMs: number;
  /** How long a miss is remembered; shorter, so a link written a moment after a probe is found soon. */
  negativeTtlMs: number;
  now?: () => number;
}

interface Entry<V> {
  value: V | null;
  until: number;
}

export class TtlCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly loading = new Map<string, Promise<V | null>>();
  private readonly now: () => number;

  constructor(private readonly opts: TtlCacheOptions) {
    this.now = opts.now ?? Date.now;
    this.entries = new LRUCache({ max: opts.max });
  }

  /** The cached value, or the loader's (shared by concurrent callers); `previous` is the expired entry, if any. */
  async get(key: string, load: (previous: V | null) => Promise<V | null>): Promise<V | null> {
    const found = this.entries.get(key);
    if (found && found.until > this.now()) return found.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise = load(found?.value ?? null)
      .then((value) => {
        this.set(key, value);
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }

  /** The cached value, kept as recently used, without a promise (expired or missing: undefined; get loads it). */
  fresh(key: string): V | null | undefined {
    const found = this.entries.get(key);
    return found && found.until > this.now() ? found.value : undefined;
  }

  /** The cached value without loading or moving it (expired or missing: undefined). */
  peek(key: string): V | null | undefined {
    const found = this.entries.peek(key);
    return found && found.until > this.now() ? found.value : undefined;
  }

  /** The value, expired or not, without loading or moving it (missing: undefined). */
  last(key: string): V | null | undefined {
    return this.entries.peek(key)?.value;
  }

  /**
   * `readAt`: when the read that found `value` began (default now) — its time to live counts from there, so a row
   * changed while a long read was on its way is trusted no longer than the TTL after the change.
   */
  set(key: string, value: V | null, readAt = this.now()): void {
    this.entries.set(key, { value, until: readAt + (value === null ? this.opts.negativeTtlMs : this.opts.ttlMs) });
  }

  get size(): number {
    return this.entries.size;
  }
}
