import { isIP } from "node:net";
import { domainToASCII } from "node:url";
import { fieldError } from "../shared/errors";

/*
 * A short-URL domain is a host name the server answers for: what people paste ("https://Links.Example.com/x",
 * "bücher.de:443") becomes the host as a resolver and a TLS SNI see it ("links.example.com", "xn--bcher-kva.de").
 */

/** Names that never reach this server from the internet (RFC 2606, 6761, 6762, 8375 and common private suffixes). */
const LOCAL_SUFFIX = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|home\.arpa|test|invalid|example)$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The host of a pasted link or host text, lower case and without a trailing dot; "" when there is none. */
function hostOf(raw: string): string {
  const text = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    return url.hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return "";
  }
}

/** The host part of an address as the app is reached (APP_URL), in the same form as a domain's. */
export function appHostOf(appUrl: string): string {
  return hostOf(appUrl);
}

/**
 * The host to store for `raw`, or a 422 under `url` saying why it cannot be one: not a name, an IP, a local
 * name, or the app's own host (that one is every team's default and nobody's to claim).
 */
export function normalizeShortHost(raw: string, appHost: string): string {
  const parsed = hostOf(raw);
  if (!parsed) throw fieldError("short_url_host_invalid", "url");
  const bare = parsed.startsWith("[") ? parsed.slice(1, -1) : parsed;
  if (isIP(bare)) throw fieldError("short_url_host_ip", "url");
  // The URL parser already turned IDN into punycode; this refuses what it let through (empty labels, bad punycode).
  const host = domainToASCII(bare);
  if (!host || host.length > 253) throw fieldError("short_url_host_invalid", "url");
  if (LOCAL_SUFFIX.test(host)) throw fieldError("short_url_host_local", "url");
  const labels = host.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) throw fieldError("short_url_host_invalid", "url");
  // A numeric last label is an IPv4 the parser did not take (1.2.3.4.5), never a top-level domain.
  if (/^\d+$/.test(labels.at(-1)!)) throw fieldError("short_url_host_invalid", "url");
  if (host === appHost) throw fieldError("short_url_host_app", "url");
  return host;
}

/** A host as the TLS terminator or a request's Host header gives it, for a lookup: lower case, no port or dot. */
export function lookupHost(raw: string): string {
  return raw.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}
