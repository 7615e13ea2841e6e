/**
 * Deterministic pseudo-randomness as a pure function of (index, salt): any row of any generated file can be
 * recomputed on its own (a duplicate row rebuilds the earlier person it repeats) without holding earlier rows.
 */
export function hash(index: number, salt: number): number {
  let h = Math.imul(index ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 0x27d4eb2f, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** One element of `list`, chosen by (index, salt). */
export function pick<T>(list: readonly T[], index: number, salt: number): T {
  return list[hash(index, salt) % list.length]!;
}
