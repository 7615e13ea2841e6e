/*
 * A small LRU with a time to live, for the redirect's hot path: a Map kept in use order (a hit moves its key to the
 * end, the oldest is dropped past `max`). Misses are cached too (`null`), so a scanner walking random codes costs one
 * read per code per TTL, not one per request; and concurrent misses of one key share one load (a hot link that just
 * expired from the cache is read once, not by every request waiting on it).
 */

export interface TtlCacheOptions {
  max: number;
  ttlMs: number;
  /** How long a miss is remembered; shorter, so a link written a moment after a probe is found soon. */
  negativeTtlMs: number;
  now?: () => number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V | null; until: number }>();
  private readonly loading = new Map<string, Promise<V | null>>();
  private readonly now: () => number;

  constructor(private readonly opts: TtlCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** The cached value, or the loader's (shared by concurrent callers); `previous` is the expired entry, if any. */
  async get(key: string, load: (previous: V | null) => Promise<V | null>): Promise<V | null> {
    const found = this.entries.get(key);
    if (found && found.until > this.now()) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value;
    }
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
    if (!found || found.until <= this.now()) return undefined;
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.value;
  }

  /** The cached value without loading (expired or missing: undefined). */
  peek(key: string): V | null | undefined {
    const found = this.entries.get(key);
    return found && found.until > this.now() ? found.value : undefined;
  }

  set(key: string, value: V | null): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + (value === null ? this.opts.negativeTtlMs : this.opts.ttlMs) });
    if (this.entries.size > this.opts.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
