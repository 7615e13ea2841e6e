import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/*
 * Addresses a team may point the server at (gateway14's base_url): https to a public host. Everything else would
 * let a team use the server to reach what only the server can reach — its loopback, the private network, a cloud
 * metadata service — with "Test connection" as the trigger and the answer's text as the leak.
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the local host
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3], // multicast, reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
// IPv4 rules also match IPv4-mapped IPv6 (::ffff:127.0.0.1).
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64: an IPv4 address in disguise
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7], // unique local (fd00:ec2::254 is AWS's metadata over IPv6)
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** Host names that never mean a public host. */
const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|home\.arpa)$/;

export function isPublicIp(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  return !blocked.check(ip, family === 4 ? "ipv4" : "ipv6");
}

/** The host exactly as written (userinfo and port removed), before the URL parser normalises `0x7f.1` to 127.0.0.1. */
function writtenHost(raw: string): string {
  const afterScheme = raw.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  const authority = afterScheme.split(/[/?#\\]/)[0] ?? "";
  const host = authority.slice(authority.lastIndexOf("@") + 1);
  return (host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.replace(/:\d*$/, "")).toLowerCase().replace(/\.$/, "");
}

export type Resolve = (host: string) => Promise<string[]>;
const dnsResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Why `raw` is not an https address of a public host, or null when it is. A name that resolves to a private
 * address is refused too; a name that does not resolve now is let through (the provider may not be reachable
 * from here, and the adapter checks again when it connects).
 */
export async function publicUrlProblem(raw: string, resolve: Resolve = dnsResolve): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "not_url";
  }
  if (url.protocol !== "https:") return "not_https";
  if (url.username || url.password) return "credentials";
  const host = url.hostname.replace(/\.$/, "").toLowerCase();
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  if (isIP(bare)) {
    // 2130706433, 0x7f000001, 0177.0.0.1 and 127.1 all parse to 127.0.0.1: only the plain dotted form is accepted.
    if (isIP(bare) === 4 && writtenHost(raw) !== bare) return "numeric_form";
    return isPublicIp(bare) ? null : "private";
  }
  if (!host.includes(".") || LOCAL_NAMES.test(host)) return "private";
  let addresses: string[] = [];
  try {
    addresses = await resolve(host);
  } catch {
    return null;
  }
  return addresses.every(isPublicIp) ? null : "private";
}
