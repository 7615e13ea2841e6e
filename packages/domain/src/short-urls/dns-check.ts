import { Resolver } from "node:dns/promises";

/** The addresses a host resolves to (A and AAAA); none when it does not resolve. Tests pass their own. */
export type HostResolver = (host: string) => Promise<string[]>;

/** Per query; the whole check gives up after twice this, so a dead name server cannot hold the request. */
const QUERY_TIMEOUT_MS = 2_000;
const CHECK_DEADLINE_MS = 2 * QUERY_TIMEOUT_MS;

/**
 * Asks the configured name servers directly (not getaddrinfo): /etc/hosts or a local override must not make a
 * domain look pointed here when the internet sees it elsewhere. A name without records, or a failed lookup,
 * has no addresses: either way it does not point here.
 */
export const systemResolver: HostResolver = async (host) => {
  const resolver = new Resolver({ timeout: QUERY_TIMEOUT_MS, tries: 1 });
  const deadline = setTimeout(() => resolver.cancel(), CHECK_DEADLINE_MS);
  try {
    const answers = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    return answers.flatMap((a) => (a.status === "fulfilled" ? a.value : []));
  } finally {
    clearTimeout(deadline);
  }
};

/** The same address written the same way (IPv6 has many spellings), so a stored answer compares with the public IP. */
export function canonicalIp(ip: string): string {
  if (!ip.includes(":")) return ip;
  try {
    return new URL(`http://[${ip}]`).hostname.slice(1, -1);
  } catch {
    return ip.toLowerCase();
  }
}

/** Unique, canonical and sorted: the stored list reads the same whatever order the name server answered in. */
export function tidyAddresses(addresses: readonly string[]): string[] {
  return [...new Set(addresses.map(canonicalIp))].sort();
}
