import { describe, expect, it } from "vitest";
import { decideLink, fillTarget, type HitFacts, isDesktopAgent, type LinkFacts } from "./link-rules";
import { DESKTOP, IPHONE } from "./links.testkit";

const NOW = Date.parse("2026-06-10T12:00:00Z");
const DAY = 86_400_000;

const link = (over: Partial<LinkFacts> = {}): LinkFacts => ({
  target: "https://shop.example/p?c={click_id}",
  createdAt: NOW - DAY,
  campaignLinksExpiredAt: null,
  expireLink: false,
  expireLinkDays: null,
  redirectForExpire: "https://x.example/expired",
  expireAfterFirstClick: false,
  redirectAfterFirstClick: "https://x.example/again",
  blockDesktop: false,
  redirectForDesktop: "https://x.example/desktop",
  filterState: false,
  redirectForState: "https://x.example/state",
  trackRevenue: false,
  leadState: "NY",
  domainFilterRedirect: null,
  domainStateFilterRedirect: null,
  domainRedirectTo: null,
  domainExpiredRedirect: null,
  firstClickedAt: null,
  ...over,
});
const person: HitFacts = { bot: null, desktop: false, country: "US", usState: "NY" };

describe("decideLink", () => {
  const everything = link({
    campaignLinksExpiredAt: NOW - 1000,
    blockDesktop: true,
    filterState: true,
    expireAfterFirstClick: true,
    firstClickedAt: NOW - 5000,
  });
  const cases: [string, LinkFacts, HitFacts, string | null, string | null, boolean][] = [
    ["a person's first click goes to the target, counted", link(), person, "https://shop.example/p?c={click_id}", null, true],
    [
      "Expire All Links after the link was made",
      link({ campaignLinksExpiredAt: NOW - 1000 }),
      person,
      "https://x.example/expired",
      "expired",
      false,
    ],
    [
      "expired without a step URL: the domain's fallback, not where its bare host goes",
      link({
        campaignLinksExpiredAt: NOW - 1000,
        redirectForExpire: null,
        domainExpiredRedirect: "https://brand.example/ended",
        domainRedirectTo: "https://brand.example/",
      }),
      person,
      "https://brand.example/ended",
      "expired",
      false,
    ],
    [
      "expired with no URL on the step or the domain: nowhere (Leadflow's page)",
      link({ campaignLinksExpiredAt: NOW - 1000, redirectForExpire: null, domainRedirectTo: "https://brand.example/" }),
      person,
      null,
      "expired",
      false,
    ],
    ["a link made after Expire All Links is live", link({ campaignLinksExpiredAt: NOW - 2 * DAY }), person, link().target, null, true],
    ["expire link days passed", link({ expireLink: true, expireLinkDays: 1 }), person, "https://x.example/expired", "expired", false],
    ["expire link days not yet", link({ expireLink: true, expireLinkDays: 2 }), person, link().target, null, true],
    ["days set but expire_link off", link({ expireLinkDays: 1 }), person, link().target, null, true],
    [
      "expired wins over every other rule",
      everything,
      { ...person, desktop: true, usState: "CA" },
      "https://x.example/expired",
      "expired",
      false,
    ],
    ["desktop blocked", link({ blockDesktop: true }), { ...person, desktop: true }, "https://x.example/desktop", "desktop", false],
    [
      "desktop before state",
      link({ blockDesktop: true, filterState: true }),
      { ...person, desktop: true, usState: "CA" },
      "https://x.example/desktop",
      "desktop",
      false,
    ],
    ["another state", link({ filterState: true }), { ...person, usState: "CA" }, "https://x.example/state", "state_filter", false],
    [
      "another country",
      link({ filterState: true }),
      { ...person, country: "DE", usState: null },
      "https://x.example/state",
      "state_filter",
      false,
    ],
    ["the lead's state", link({ filterState: true }), person, link().target, null, true],
    [
      "an address that does not geolocate passes",
      link({ filterState: true }),
      { ...person, country: null, usState: null },
      link().target,
      null,
      true,
    ],
    [
      "a lead without a state passes",
      link({ filterState: true, leadState: null }),
      { ...person, usState: "CA" },
      link().target,
      null,
      true,
    ],
    [
      "state before first click",
      link({ filterState: true, expireAfterFirstClick: true, firstClickedAt: NOW }),
      { ...person, usState: "TX" },
      "https://x.example/state",
      "state_filter",
      false,
    ],
    [
      "after the first click",
      link({ expireAfterFirstClick: true, firstClickedAt: NOW - 1 }),
      person,
      "https://x.example/again",
      "after_first_click",
      false,
    ],
    [
      "after the first click with no URL: the expiry URL",
      link({ expireAfterFirstClick: true, firstClickedAt: NOW - 1, redirectAfterFirstClick: null }),
      person,
      "https://x.example/expired",
      "after_first_click",
      false,
    ],
    ["a first click without the option changes nothing", link({ firstClickedAt: NOW - 1 }), person, link().target, null, true],
    [
      "a preview goes to the target, flagged",
      link({ blockDesktop: true, expireAfterFirstClick: true, firstClickedAt: NOW }),
      { ...person, bot: "link_preview", desktop: true },
      link().target,
      "preview",
      false,
    ],
    [
      "a HEAD request on an expired link stays expired",
      link({ campaignLinksExpiredAt: NOW }),
      { ...person, bot: "head_request" },
      "https://x.example/expired",
      "head",
      false,
    ],
    [
      "no step URL: the domain's",
      link({ blockDesktop: true, redirectForDesktop: null, domainFilterRedirect: "https://d.example/f" }),
      { ...person, desktop: true },
      "https://d.example/f",
      "desktop",
      false,
    ],
    ["nowhere to go", link({ blockDesktop: true, redirectForDesktop: null }), { ...person, desktop: true }, null, "desktop", false],
  ];
  it.each(cases)("%s", (_name, l, h, url, reason, counted) => {
    expect(decideLink(l, h, NOW)).toEqual({ url, reason, counted });
  });
});

describe("fillTarget", () => {
  it.each([
    ["https://a.example/?c={click_id}", false, "https://a.example/?c=HIT"],
    ["https://a.example/p", false, "https://a.example/p"],
    ["https://a.example/p", true, "https://a.example/p?click_id=HIT"],
    ["https://a.example/p?x=1&revenue={revenue_token}", true, "https://a.example/p?x=1&revenue=HIT&click_id=HIT"],
    ["https://a.example/p?click_id={click_id}", true, "https://a.example/p?click_id=HIT"],
    ["https://a.example/p#top", true, "https://a.example/p?click_id=HIT#top"],
  ] as const)("%s (revenue %s)", (url, revenue, expected) => {
    expect(fillTarget(url, "HIT", revenue)).toBe(expected);
  });
});

describe("isDesktopAgent", () => {
  it.each([
    [DESKTOP, true],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", true],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0", true],
    [IPHONE, false],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36", false],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      false,
    ],
    ["curl/8.5.0", false],
    [null, false],
  ])("%s → %s", (ua, desktop) => {
    expect(isDesktopAgent(ua)).toBe(desktop);
  });
});
