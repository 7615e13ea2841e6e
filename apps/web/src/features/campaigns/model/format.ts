import { formatDollars } from "@leadflow/contracts";

const pct = new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * Money as the server words it too (contracts' formatDollars): four decimals below a dollar, where an SMS part and a
 * few messages' cost live ($0.0474, not $0.05), cents from a dollar. Negative profit reads "-$1.50".
 */
export function formatMoney(n: number | null | undefined): string {
  return typeof n === "number" && Number.isFinite(n) ? formatDollars(n) : "—";
}

/** A share as the server gives it (0–100, two decimals): "42.5%". */
export function formatShare(n: number | null | undefined): string {
  return typeof n === "number" && Number.isFinite(n) ? `${pct.format(n)}%` : "—";
}
