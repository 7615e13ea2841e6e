const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** 1234567 → "1,234,567"; missing values show as a dash. */
export function formatNumber(n: number | null | undefined): string {
  return typeof n === "number" && Number.isFinite(n) ? integer.format(n) : "—";
}

/** 0–100 → "42.5%", clamped so a rounding overshoot never shows 100.2%. */
export function formatPercent(p: number | null | undefined): string {
  if (typeof p !== "number" || !Number.isFinite(p)) return "—";
  return `${percent.format(clampPercent(p))}%`;
}

export function clampPercent(p: number): number {
  return Math.min(100, Math.max(0, p));
}
