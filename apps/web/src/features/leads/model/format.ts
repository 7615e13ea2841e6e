const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Revenue and lifetime value: "$1,234.50"; a missing amount is a dash. */
export function formatMoney(n: number | null | undefined): string {
  return typeof n === "number" && Number.isFinite(n) ? money.format(n) : "—";
}
