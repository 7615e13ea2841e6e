import type { NetworkInterfaceInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { canonicalIp, tidyAddresses } from "./dns-check";
import { detectPublicIp, resolvePublicIp } from "./public-ip";

const v4 = (address: string, internal = false): NetworkInterfaceInfo => ({
  address,
  netmask: "255.255.255.0",
  family: "IPv4",
  mac: "00:00:00:00:00:00",
  internal,
  cidr: `${address}/24`,
});
const v6 = (address: string): NetworkInterfaceInfo => ({
  address,
  netmask: "ffff:ffff:ffff:ffff::",
  family: "IPv6",
  mac: "00:00:00:00:00:00",
  internal: false,
  cidr: `${address}/64`,
  scopeid: 0,
});

describe("detectPublicIp", () => {
  it("prefers a public IPv4 over private ones and skips loopback and IPv6", () => {
    const interfaces = { lo: [v4("127.0.0.1", true)], eth0: [v4("10.0.0.5"), v6("2a01:4f8::1")], eth1: [v4("93.184.216.34")] };
    expect(detectPublicIp(interfaces)).toBe("93.184.216.34");
  });
  it("falls back to the first non-internal address behind NAT, and to none with loopback only", () => {
    expect(detectPublicIp({ lo: [v4("127.0.0.1", true)], eth0: [v4("192.168.1.20")] })).toBe("192.168.1.20");
    expect(detectPublicIp({ lo: [v4("127.0.0.1", true)] })).toBeNull();
  });
});

describe("resolvePublicIp", () => {
  it("takes PUBLIC_IP over the interfaces and refuses one that is not an address", () => {
    expect(resolvePublicIp("198.51.100.7", { eth0: [v4("93.184.216.34")] })).toEqual({ ip: "198.51.100.7", source: "env" });
    expect(resolvePublicIp("2001:DB8:0:0::1", {})).toEqual({ ip: "2001:db8::1", source: "env" });
    expect(resolvePublicIp(undefined, { eth0: [v4("93.184.216.34")] })).toEqual({ ip: "93.184.216.34", source: "detected" });
    expect(() => resolvePublicIp("my-server", {})).toThrow(/PUBLIC_IP/);
  });
});

describe("addresses", () => {
  it("writes IPv6 one way and lists each address once, sorted", () => {
    expect(canonicalIp("2001:0DB8:0000::0001")).toBe("2001:db8::1");
    expect(tidyAddresses(["203.0.113.9", "2001:db8::1", "203.0.113.9", "2001:0db8::1", "198.51.100.1"])).toEqual([
      "198.51.100.1",
      "2001:db8::1",
      "203.0.113.9",
    ]);
  });
});
