/*
 * B10's request mix, the same for the app and the baseline: one hot link takes HOT_SHARE of the requests; the rest
 * pick among the other links by Zipf popularity (rank r drawn with weight 1 / r^ZIPF_S). Seeded, so every client
 * process — the baseline's and the app's — sends the same sequence of codes.
 */

export const HOT_SHARE = 0.2;
export const ZIPF_S = 1;
const SEED = 10;

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Answers the next code to request, forever: `codes[0]` is the hot link, codes[1…] ranked by Zipf popularity. */
export function requestMix(codes: readonly string[]): () => string {
  if (codes.length < 2) throw new Error("the mix needs a hot link and at least one other");
  const rand = random(SEED);
  const n = codes.length - 1;
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) cdf[r] = sum += 1 / (r + 1) ** ZIPF_S;
  return () => {
    if (rand() < HOT_SHARE) return codes[0]!;
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return codes[1 + lo]!;
  };
}
