import { performance } from "node:perf_hooks";
import { collectGarbage } from "../shared/collect-garbage";

export async function timed(fn: () => unknown): Promise<number> {
  collectGarbage();
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * `passes` timed runs of each function, interleaved (a, b, a, b …) so a noisy neighbour on a shared machine slows
 * both sides alike. Milliseconds per run, per name.
 */
export async function alternate<K extends string>(passes: number, fns: Record<K, () => unknown>): Promise<Record<K, number[]>> {
  const names = Object.keys(fns) as K[];
  const out = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let p = 0; p < passes; p++) for (const k of names) out[k].push(await timed(fns[k]));
  return out;
}

export const ms = (n: number) => `${n < 0.1 ? n.toFixed(4) : n < 10 ? n.toFixed(2) : n.toFixed(0)} ms`;

/** 1234567 → "1.23M/s", 45678 → "45.7k/s". */
export function perSecond(count: number, millis: number): string {
  const r = count / (millis / 1000);
  return r >= 1e6 ? `${(r / 1e6).toFixed(2)}M/s` : r >= 1e3 ? `${(r / 1e3).toFixed(1)}k/s` : `${r.toFixed(0)}/s`;
}

export const verdict = (met: boolean, misses: string) => (met ? "meets the goal" : `misses: ${misses}`);
