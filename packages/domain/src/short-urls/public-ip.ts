import { isIP } from "node:net";
import type { NetworkInterfaceInfo } from "node:os";
import type { ShortUrlPublicIp } from "@leadflow/contracts";
// A leaf module of pure address checks; the gateways index would bring the provider adapters along.
import { isPublicIp } from "../shared/public-url";
import { canonicalIp } from "./dns-check";

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/**
 * The machine's own IPv4 address that a domain's A record should name: a public one when an interface has it,
 * else the first non-internal one (behind NAT that is the private side: PUBLIC_IP says better). No outbound call:
 * asking an echo service would make the answer depend on a third party and on the network at start.
 */
export function detectPublicIp(interfaces: Interfaces): string | null {
  const candidates = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => i.family === "IPv4" && !i.internal)
    .map((i) => i.address);
  return candidates.find(isPublicIp) ?? candidates[0] ?? null;
}

/** PUBLIC_IP when set (it must be an IP address: a typo would send every team's DNS the wrong way), else detected. */
export function resolvePublicIp(configured: string | undefined, interfaces: Interfaces): ShortUrlPublicIp {
  if (configured) {
    if (!isIP(configured)) throw new Error(`PUBLIC_IP is not an IP address: ${configured}`);
    return { ip: canonicalIp(configured), source: "env" };
  }
  return { ip: detectPublicIp(interfaces), source: "detected" };
}
