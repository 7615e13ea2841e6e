const dollars = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Revenue as the table shows it: a dollar sign and 2 decimals ("$1,234.50"); nothing known reads "$0.00". */
export function formatRevenue(n: number | null | undefined): string {
  const value = typeof n === "number" && Number.isFinite(n) ? n : 0;
  return value < 0 ? `-$${dollars.format(-value)}` : `$${dollars.format(value)}`;
}
