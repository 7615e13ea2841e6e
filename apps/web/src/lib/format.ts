import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";

dayjs.extend(relativeTime);

/** Display dates as MM-DD-YYYY hh:mm A, local time (docs/product/accounts-sources-leads.md). */
export const DATE_TIME_FORMAT = "MM-DD-YYYY hh:mm A";

export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format(DATE_TIME_FORMAT) : "";
}

export function fromNow(value: string | null | undefined): string {
  return value ? dayjs(value).fromNow() : "";
}

export function formatNumber(n: number | null | undefined): string {
  return (n ?? 0).toLocaleString("en-US");
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0]?.slice(0, 2) ?? "?");
  return letters.toUpperCase();
}
