const money2 = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money4 = new Intl.NumberFormat("en-US", { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const pct = new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * Dollars with two decimals; a cost below a cent (one SMS part costs fractions of a cent) keeps four so it does not
 * read as $0.00. Negative profit reads "-$1.50".
 */
export function formatMoney(n: number | null | undefined): string {
  if (typeof n !== "number" || !Number.isFinite(n)) return "—";
  const abs = Math.abs(n);
  const body = abs > 0 && abs < 0.01 ? money4.format(abs) : money2.format(abs);
  return `${n < 0 ? "-" : ""}$${body}`;
}

/** A share as the server gives it (0–100, two decimals): "42.5%". */
export function formatShare(n: number | null | undefined): string {
  return typeof n === "number" && Number.isFinite(n) ? `${pct.format(n)}%` : "—";
}
