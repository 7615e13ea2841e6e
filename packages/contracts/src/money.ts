/*
 * Money as every screen shows it. An SMS part or an email costs fractions of a cent, and a campaign of a few messages
 * a few cents: rounded to cents, 6 parts at $0.0079 would read $0.05 while an email beside it reads $0.0022. Below a
 * dollar the four decimals the ledger keeps are shown ($0.0474); from a dollar, cents ($12.50).
 */

const cents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const tenThousandths = new Intl.NumberFormat("en-US", { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/** "$0.0474", "$12.50", "-$1.50"; zero is "$0.00". */
export function formatDollars(n: number): string {
  const abs = Math.abs(n);
  const rounded = Math.round(abs * 10_000) / 10_000;
  if (rounded === 0) return "$0.00";
  const body = rounded < 1 ? tenThousandths.format(rounded) : cents.format(rounded);
  return `${n < 0 ? "-" : ""}$${body}`;
}
