import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ShortUrlDomainRow } from "../api/short-urls.api";
import { DnsChip } from "./dns-chip";
import { ShortUrlActions } from "./short-url-actions";
import type { ShortUrlExtras } from "./use-short-url-extras";

const domain = (dns: ShortUrlDomainRow["dns"]): ShortUrlDomainRow => ({
  id: 7,
  name: "go.brand.com",
  url: "go.brand.com",
  access: "enabled",
  redirect_to: null,
  filter_redirect: null,
  state_filter_redirect: null,
  expired_redirect: null,
  sort_order: 0,
  https_enabled: false,
  dns,
});
const unchecked = domain({ checked_at: null, addresses: [], ok: false });

const context = (extras: Partial<ShortUrlExtras>) => ({
  hasAccess: true,
  linkHost: "app.leadflow.io",
  nextSortOrder: 0,
  pendingId: undefined,
  onCheckDns: () => undefined,
  onEnableHttps: () => undefined,
  onEdit: () => undefined,
  onDelete: () => undefined,
  ...extras,
});

describe("DnsChip", () => {
  it("says what the last check found", () => {
    expect(renderToStaticMarkup(<DnsChip domain={unchecked} />)).toContain("Not checked");
    const at = "2025-03-01T10:00:00.000Z";
    expect(renderToStaticMarkup(<DnsChip domain={domain({ checked_at: at, addresses: ["203.0.113.9"], ok: false })} />)).toContain(
      "Points elsewhere",
    );
    expect(renderToStaticMarkup(<DnsChip domain={domain({ checked_at: at, addresses: ["198.51.100.7"], ok: true })} />)).toContain(
      "Points here",
    );
  });
});

describe("ShortUrlActions", () => {
  const button = (html: string) => {
    const tag = html.match(/<button[^>]*aria-label="Actions for go.brand.com"[^>]*>/)?.[0];
    expect(tag, "the row's actions button").toBeDefined();
    return tag ?? "";
  };
  it("is open to a plan with domains and disabled without one", () => {
    expect(button(renderToStaticMarkup(<ShortUrlActions domain={unchecked} context={context({})} />))).not.toContain("disabled");
    expect(button(renderToStaticMarkup(<ShortUrlActions domain={unchecked} context={context({ hasAccess: false })} />))).toContain(
      "disabled",
    );
  });
  it("waits while the row's check runs", () => {
    const html = renderToStaticMarkup(<ShortUrlActions domain={unchecked} context={context({ pendingId: 7 })} />);
    expect(button(html)).toContain("disabled");
    expect(html).toContain("MuiCircularProgress");
  });
});
