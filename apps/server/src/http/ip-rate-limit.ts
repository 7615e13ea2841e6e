/*
 * A per-address request limit kept in memory, for public endpoints on the hot path (short links, the open pixel):
 * the shared rate limit (packages/domain/src/shared/rate-limit.ts) writes a row per request, which is what these
 * must not do. Fixed windows per process: behind a load balancer each process allows `limit`, which is fine for
 * a guard against one address hammering. Mobile carriers put many phones behind one address, so limits are wide.
 */

export interface IpRateLimit {
  /** Seconds until the address may call again, or 0 when this request is allowed. */
  hit(ip: string): number;
}

export function ipRateLimit(limit: number, windowMs: number, now: () => number = Date.now): IpRateLimit {
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    hit(ip) {
      const t = now();
      if (t - windowStart >= windowMs) {
        // A new window forgets every address at once: memory stays bounded by one window's distinct callers.
        windowStart = t - ((t - windowStart) % windowMs);
        counts = new Map();
      }
      const n = (counts.get(ip) ?? 0) + 1;
      counts.set(ip, n);
      return n > limit ? Math.max(1, Math.ceil((windowStart + windowMs - t) / 1000)) : 0;
    },
  };
}
