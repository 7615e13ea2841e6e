/*
 * The A/B comparison of a split step's parts: how likely a part's click rate beats another's, by the two-proportion
 * z-test (pooled variance) read through the normal CDF. Pure: the By Step statistic and its tests call it.
 */

export interface Arm {
  sent: number;
  clicked: number;
}

/** Φ(x), the standard normal CDF: erf by Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * P(a's click rate > b's): Φ(z) with z = (p_a − p_b) / √(p̂(1 − p̂)(1/n_a + 1/n_b)). 0.5 when there is no evidence
 * either way: an arm that sent nothing, or equal rates (both all clicked or none did among them).
 */
export function winProbability(a: Arm, b: Arm): number {
  if (a.sent <= 0 || b.sent <= 0) return 0.5;
  const ca = Math.min(a.clicked, a.sent);
  const cb = Math.min(b.clicked, b.sent);
  // Equal rates, compared in integers: exactly a coin toss (the CDF's approximation is not exact at 0).
  if (ca * b.sent === cb * a.sent) return 0.5;
  const pooled = (ca + cb) / (a.sent + b.sent);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.sent + 1 / b.sent));
  return normalCdf((ca / a.sent - cb / b.sent) / se);
}

/**
 * Each arm against the best of the others (the highest click rate; ties: the one sent more): the chance it is the
 * better one. null for an arm with nobody to compare with.
 */
export function winProbabilities(arms: readonly Arm[]): (number | null)[] {
  const rate = (x: Arm) => (x.sent > 0 ? x.clicked / x.sent : 0);
  return arms.map((arm, i) => {
    let best: Arm | undefined;
    arms.forEach((other, j) => {
      if (j === i) return;
      if (!best || rate(other) > rate(best) || (rate(other) === rate(best) && other.sent > best.sent)) best = other;
    });
    return best ? winProbability(arm, best) : null;
  });
}
