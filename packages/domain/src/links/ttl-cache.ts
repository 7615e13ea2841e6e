/*
 * A small LRU with a time to live, for the redirect's hot path: a Map kept in use order (a hit moves its key to the
 * end, the oldest is dropped past `max`). A hit moves its key only when it sits in the older half of the order:
 * moving is a delete and an insert, and a Map of 100k keys moved on every request spent more time rehashing its
 * tombstones than the redirect spent on everything else; a key in the newer half is at least `max / 2` insertions
 * from eviction, so it is moved by a later hit if it is still used. Misses are cached too (`null`), so a scanner walking random codes costs one
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

interface Entry<V> {
  value: V | null;
  until: number;
  seq: number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Insertions so far: an entry's `seq` against it says how far from the newest end it sits (at most). */
  private seq = 0;
  private readonly loading = new Map<string, Promise<V | null>>();
  private readonly now: () => number;

  constructor(private readonly opts: TtlCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** The cached value, or the loader's (shared by concurrent callers); `previous` is the expired entry, if any. */
  async get(key: string, load: (previous: V | null) => Promise<V | null>): Promise<V | null> {
    const found = this.entries.get(key);
    if (found && found.until > this.now()) {
      this.used(key, found);
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
    this.used(key, found);
    return found.value;
  }

  /** Moves a used key to the newest end, if it sits in the older half. */
  private used(key: string, found: Entry<V>): void {
    if (this.seq - found.seq <= this.opts.max / 2) return;
    this.entries.delete(key);
    found.seq = ++this.seq;
    this.entries.set(key, found);
  }

  /** The cached value without loading (expired or missing: undefined). */
  peek(key: string): V | null | undefined {
    const found = this.entries.get(key);
    return found && found.until > this.now() ? found.value : undefined;
  }

  /** The value, expired or not, without loading or moving it (missing: undefined). */
  last(key: string): V | null | undefined {
    return this.entries.get(key)?.value;
  }

  /**
   * `readAt`: when the read that found `value` began (default now) — its time to live counts from there, so a row
   * changed while a long read was on its way is trusted no longer than the TTL after the change.
   */
  set(key: string, value: V | null, readAt = this.now()): void {
    this.entries.delete(key);
    this.entries.set(key, {
      value,
      until: readAt + (value === null ? this.opts.negativeTtlMs : this.opts.ttlMs),
      seq: ++this.seq,
    });
    if (this.entries.size > this.opts.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
