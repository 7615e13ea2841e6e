import { Geo, type GeoInfo, type HitRequest, NO_GEO } from "../links";
import type { DemoPerson } from "./demo-people";

/*
 * Who opens the demo's links and mails: each demo person from an address of the documentation ranges (RFC 5737),
 * placed where the person lives on a mobile network, and a chat app's preview from a cloud network. The redirect service places a visitor with the geolocation
 * databases; these addresses are in none of them, so the demo brings its own small table instead of opening the
 * ~75 MB databases at start.
 */

const STATE_NAMES: Record<string, string> = { NY: "New York", CA: "California", TX: "Texas", FL: "Florida", IL: "Illinois" };
const GERMAN_REGIONS: Record<string, string> = { Berlin: "Berlin", Hamburg: "Hamburg", München: "Bavaria" };
const US_CARRIERS = [
  { isp: "T-Mobile USA, Inc.", asn: 21928 },
  { isp: "Verizon Wireless", asn: 6167 },
  { isp: "AT&T Mobility LLC", asn: 20057 },
] as const;
const GERMAN_CARRIER = { isp: "Telefonica Germany GmbH & Co.OHG", asn: 6805 };

export const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
export const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
export const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
/** Apple Mail on a phone loading the open pixel. */
export const IPHONE_MAIL = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
/** Slack unfurling a link someone pasted: a preview, stored with its reason and never counted. */
export const SLACK_PREVIEW = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";

/** The visitors' addresses and places: the n-th visitor is 198.51.100.n, then 203.0.113.n. */
export class DemoVisitors extends Geo {
  private readonly places = new Map<string, GeoInfo>();

  constructor() {
    super(null, null, null);
  }

  override lookup(ip: string | null): GeoInfo {
    return (ip && this.places.get(ip)) || NO_GEO;
  }

  /** A new visitor who is `person`, on a phone (or a desktop); answers the request their browser makes to `url`. */
  visit(person: DemoPerson, url: string, userAgent: string): HitRequest {
    const n = this.places.size + 1;
    const ip = n <= 254 ? `198.51.100.${n}` : `203.0.113.${n - 254}`;
    const german = person.state === null;
    const carrier = german ? GERMAN_CARRIER : US_CARRIERS[n % US_CARRIERS.length]!;
    this.places.set(ip, {
      country: german ? "DE" : "US",
      region: german ? (GERMAN_REGIONS[person.city] ?? null) : (STATE_NAMES[person.state!] ?? person.state),
      city: person.city,
      usState: person.state,
      isp: carrier.isp,
      asname: `AS${carrier.asn} ${carrier.isp}`,
      mobile: /iPhone|Android/.test(userAgent),
      proxy: false,
    });
    return { method: "GET", userAgent, headers: {}, ip, referer: null, url };
  }

  /** A machine fetching `url` from a cloud network (a chat app's link preview). */
  preview(url: string, userAgent: string): HitRequest {
    const ip = `192.0.2.${this.places.size + 1}`;
    this.places.set(ip, {
      ...NO_GEO,
      country: "US",
      region: "Virginia",
      city: "Ashburn",
      isp: "Amazon.com, Inc.",
      asname: "AS14618 Amazon.com, Inc.",
      mobile: false,
      proxy: true,
    });
    return { method: "GET", userAgent, headers: {}, ip, referer: null, url };
  }
}
