import { Chip, Tooltip } from "@mui/material";
import { formatDateTime } from "../../../lib/format";
import { type MessageKey, useT } from "../../../lib/i18n";
import type { ShortUrlDomainRow } from "../api/short-urls.api";
import { type DnsState, dnsState } from "../model/short-url-state";

const CHIPS = {
  ok: { label: "shortUrls.dns.ok", color: "success" },
  elsewhere: { label: "shortUrls.dns.elsewhere", color: "warning" },
  unchecked: { label: "shortUrls.dns.unchecked", color: "default" },
} as const satisfies Record<DnsState, { label: MessageKey; color: "success" | "warning" | "default" }>;

/** The last DNS check: its verdict, and in the tooltip what the host resolved to and when. */
export function DnsChip({ domain }: { domain: ShortUrlDomainRow }) {
  const t = useT();
  const state = dnsState(domain);
  const chip = (
    <Chip size="small" variant={state === "ok" ? "filled" : "outlined"} color={CHIPS[state].color} label={t(CHIPS[state].label)} />
  );
  if (state === "unchecked") return chip;
  const { addresses, checked_at } = domain.dns;
  const resolved = addresses.length ? t("shortUrls.dns.addresses", { addresses: addresses.join(", ") }) : t("shortUrls.dns.noAddresses");
  return <Tooltip title={`${resolved}. ${t("shortUrls.dns.checkedAt", { when: formatDateTime(checked_at) })}`}>{chip}</Tooltip>;
}
