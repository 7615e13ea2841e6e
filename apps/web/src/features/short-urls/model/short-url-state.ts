import type { ShortUrlDomain } from "@leadflow/contracts";

/** The DNS column's chip: the last check's verdict, or none yet. */
export type DnsState = "ok" | "elsewhere" | "unchecked";

export function dnsState(domain: Pick<ShortUrlDomain, "dns">): DnsState {
  if (!domain.dns.checked_at) return "unchecked";
  return domain.dns.ok ? "ok" : "elsewhere";
}

/** Why Enable HTTPS is not offered for the domain now, or null when it is (the server refuses the same cases). */
export type HttpsBlocker = "noAccess" | "alreadyOn" | "needsDns";

export function httpsBlocker(domain: Pick<ShortUrlDomain, "dns" | "https_enabled">, hasAccess: boolean): HttpsBlocker | null {
  if (!hasAccess) return "noAccess";
  if (domain.https_enabled) return "alreadyOn";
  return dnsState(domain) === "ok" ? null : "needsDns";
}

/** A new domain goes after the ones shown: one past the largest sort order on the page, 0 for the first. */
export function nextSortOrder(rows: readonly Pick<ShortUrlDomain, "sort_order">[] | undefined): number {
  return rows?.length ? Math.max(...rows.map((d) => d.sort_order)) + 1 : 0;
}

/**
 * A host or link cut after each dot and slash: where a narrow column may wrap it ("go.brand." / "com"), instead of
 * anywhere inside a word.
 */
export function breakPoints(text: string): string[] {
  return text.split(/(?<=[./])(?=[^./])/);
}
