import { z } from "zod";
import { ListQuery, pageOf, requiredString, text } from "./common";

/*
 * Settings → Short Url Domains (docs/short-links.md): a team's own hosts for short links. A host
 * belongs to one team across the platform, so the redirect service and the TLS terminator route by Host alone.
 */

export const ShortUrlAccessValues = ["enabled", "disabled"] as const;
export type ShortUrlAccess = (typeof ShortUrlAccessValues)[number];

/** 50 domains a page (docs/product/audiences-lookups-settings.md). */
export const SHORT_URL_DOMAINS_PAGE_SIZE = 50;

/** The last DNS check: what the host resolved to (A and AAAA) and whether that includes the server's public IP. */
export const ShortUrlDns = z.object({
  /** null: never checked. */
  checked_at: z.string().nullable(),
  addresses: z.array(z.string()),
  /** false until a check finds the public IP among the addresses. */
  ok: z.boolean(),
});
export type ShortUrlDns = z.infer<typeof ShortUrlDns>;

export const ShortUrlDomain = z.object({
  id: z.number().int(),
  /** The host: lower case, punycode for IDN, no scheme, port or path. */
  url: z.string(),
  access: z.enum(ShortUrlAccessValues),
  /** Where the bare domain goes. */
  redirect_to: z.string().nullable(),
  /** Where filtered clicks go (desktop, bots). */
  filter_redirect: z.string().nullable(),
  /** Where clicks from a state that is not allowed go. */
  state_filter_redirect: z.string().nullable(),
  /** Where an expired link goes when its step names no expiry URL; null: Leadflow's "This link has expired" page. */
  expired_redirect: z.string().nullable(),
  sort_order: z.number().int(),
  https_enabled: z.boolean(),
  dns: ShortUrlDns,
});
export type ShortUrlDomain = z.infer<typeof ShortUrlDomain>;
export const ShortUrlDomainPage = pageOf(ShortUrlDomain);
export type ShortUrlDomainPage = z.infer<typeof ShortUrlDomainPage>;

export const ShortUrlDomainSortKeys = ["url", "access", "redirect_to", "sort_order", "https_enabled", "created_at", "id"] as const;
export type ShortUrlDomainSortKey = (typeof ShortUrlDomainSortKeys)[number];
export const ListShortUrlDomainsQuery = ListQuery.extend({ limit: ListQuery.shape.limit.default(SHORT_URL_DOMAINS_PAGE_SIZE) });
export type ListShortUrlDomainsQuery = z.infer<typeof ListShortUrlDomainsQuery>;

/** An absolute http(s) address; the URL parser is the browser's and Node's alike, so the form and the server agree. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const blankIsNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v === undefined ? null : v);

/** An optional redirect address: blank is none; anything else must be a full http(s) address. */
const redirectUrl = z.preprocess(
  blankIsNull,
  text()
    .trim()
    .max(2048, "The address may not be greater than 2048 characters.")
    .refine(isHttpUrl, "Enter a full address starting with https:// or http://.")
    .nullable(),
);

/**
 * POST /api/short-url-domains and PUT /api/short-url-domains/{id} (a PUT replaces every field). The host is only
 * required here: the server lower-cases it, strips a pasted scheme, port or path, turns IDN into punycode and
 * refuses IPs, local names and the app's own host (422 under `url`).
 */
export const SaveShortUrlDomain = z.object({
  url: requiredString("The domain field is required.")
    .trim()
    .min(1, "The domain field is required.")
    // A pasted link may carry a path; the host itself is held to 253 characters by the server.
    .max(2048, "The domain may not be greater than 2048 characters."),
  access: z.enum(ShortUrlAccessValues, { error: "The access must be enabled or disabled." }).default("enabled"),
  redirect_to: redirectUrl,
  filter_redirect: redirectUrl,
  state_filter_redirect: redirectUrl,
  expired_redirect: redirectUrl,
  sort_order: z.coerce
    .number({ error: "The sort order must be a number." })
    .int("The sort order must be a whole number.")
    .min(0, "The sort order may not be negative.")
    .max(1_000_000, "The sort order may not be greater than 1000000.")
    .default(0),
});
export type SaveShortUrlDomainInput = z.input<typeof SaveShortUrlDomain>;
export type SaveShortUrlDomain = z.infer<typeof SaveShortUrlDomain>;

/** GET /api/short-url-domains/has-access: may the team add and change domains (its plan's permission)? */
export const ShortUrlAccessAnswer = z.object({
  has_access: z.boolean(),
  /** Why not, in the product's words; null when it may. */
  reason: z.string().nullable(),
  /** The host short links use without a domain of the team's own (the app's host). */
  link_host: z.string(),
});
export type ShortUrlAccessAnswer = z.infer<typeof ShortUrlAccessAnswer>;

/** GET /api/short-url-domains/public-ip: where a domain's A record must point; null when the server cannot tell. */
export const ShortUrlPublicIp = z.object({
  ip: z.string().nullable(),
  source: z.enum(["env", "detected"]),
});
export type ShortUrlPublicIp = z.infer<typeof ShortUrlPublicIp>;

/** GET /tls/ask?domain=…: the TLS terminator's on-demand check (Caddy reads only the status: 200 issues). */
export const TlsAskQuery = z.object({ domain: z.string().max(300).default("") });
export const TlsAskAnswer = z.object({ domain: z.string(), allowed: z.literal(true) });
export type TlsAskAnswer = z.infer<typeof TlsAskAnswer>;

export const NoShortUrlAccessMessage = "Your plan does not include custom short-URL domains.";
