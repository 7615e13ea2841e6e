import { LookupItemNouns, type LookupJob, LookupStatuses, type LookupType } from "@leadflow/contracts";
import { t } from "../../../lib/i18n";

const money = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Dollars with 2 to 4 decimals: a lookup item costs fractions of a cent ($0.0045), a balance whole cents ($12.50). */
export function formatMoney(n: number | null | undefined): string {
  return `$${money.format(typeof n === "number" && Number.isFinite(n) ? n : 0)}`;
}

const cents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A balance in whole cents, rounded down: never shows money the team does not have ($8.295 → $8.29). */
export function formatBalance(n: number | null | undefined): string {
  const v = typeof n === "number" && Number.isFinite(n) ? Math.floor(n * 100 + 1e-6) / 100 : 0;
  return `$${cents.format(v)}`;
}

export const itemsLeft = (job: Pick<LookupJob, "total_count" | "count">) => Math.max(0, job.total_count - job.count);

/** 'phone'/'phones' or 'email'/'emails' for a lookup type and a number of items. */
export function itemNoun(type: number, count: number): string {
  const nouns = LookupItemNouns[type as LookupType] ?? LookupItemNouns[1];
  return count === 1 ? nouns[0] : nouns[1];
}

/** '1 phone left' / 'N phones left', or 'Completed' (docs/product/accounts-sources-leads.md). */
export function progressText(job: Pick<LookupJob, "type" | "status" | "total_count" | "count">): string {
  if (job.status === LookupStatuses.completed) return t("lookups.progress.completed");
  // A job that has just started has not counted its scope yet.
  if (job.status === LookupStatuses.running && job.total_count === 0) return t("lookups.progress.counting");
  const left = itemsLeft(job);
  return t("lookups.progress.left", { count: integer.format(left), noun: itemNoun(job.type, left) });
}

/**
 * Nothing shows when the count is 0 and no lookup runs. A lookup that just completed shows 'Completed'
 * (the server answers finished ones for a minute after).
 */
export function showsProgress(job: Pick<LookupJob, "status" | "total_count" | "count">): boolean {
  if (job.status === LookupStatuses.running || job.status === LookupStatuses.completed) return true;
  return itemsLeft(job) > 0;
}
