import { describe, expect, it } from "vitest";
import { BROWSER_AGENTS, DESKTOP_BROWSERS, MACHINE_AGENTS } from "../../test/fixtures/click-agents";
import { type ClickAgent, classifyClick } from "./click-agent";

const get = (userAgent: string | null, headers?: Record<string, string | undefined>): ClickAgent =>
  classifyClick({ method: "GET", userAgent, headers });

const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("classifyClick on the corpus", () => {
  it("flags at least 99% of previews, scanners and crawlers", () => {
    const missed = MACHINE_AGENTS.filter((a) => !get(a.userAgent).bot).map((a) => a.userAgent);
    const flagged = MACHINE_AGENTS.length - missed.length;
    expect(
      flagged / MACHINE_AGENTS.length,
      `${flagged}/${MACHINE_AGENTS.length} flagged; missed: ${missed.join(" | ")}`,
    ).toBeGreaterThanOrEqual(0.99);
  });

  it("gives the labelled reason to at least 99% of link previews, and of all machine agents", () => {
    const wrong = (agents: typeof MACHINE_AGENTS) =>
      agents.filter((a) => {
        const agent = get(a.userAgent);
        return !agent.bot || agent.reason !== a.reason;
      });
    const previews = MACHINE_AGENTS.filter((a) => a.reason === "link_preview");
    for (const group of [previews, MACHINE_AGENTS]) {
      const misses = wrong(group);
      const report = misses.map((a) => `${a.userAgent} → ${JSON.stringify(get(a.userAgent))}, expected ${a.reason}`).join(" | ");
      expect(
        (group.length - misses.length) / group.length,
        `${group.length - misses.length}/${group.length} right; ${report}`,
      ).toBeGreaterThanOrEqual(0.99);
    }
  });

  it("flags at most 0.5% of browsers and in-app browsers", () => {
    const flagged = BROWSER_AGENTS.filter((ua) => get(ua).bot);
    expect(
      flagged.length / BROWSER_AGENTS.length,
      `${flagged.length}/${BROWSER_AGENTS.length} flagged: ${flagged.join(" | ")}`,
    ).toBeLessThanOrEqual(0.005);
  });

  it("has a corpus wide enough to mean something: 60+ machine agents, 200+ browsers, no duplicates", () => {
    expect(MACHINE_AGENTS.length).toBeGreaterThanOrEqual(60);
    expect(BROWSER_AGENTS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(MACHINE_AGENTS.map((a) => a.userAgent)).size).toBe(MACHINE_AGENTS.length);
    expect(new Set(BROWSER_AGENTS).size).toBe(BROWSER_AGENTS.length);
  });
});

describe("classifyClick on the request", () => {
  it("flags HEAD requests whatever the agent", () => {
    expect(classifyClick({ method: "HEAD", userAgent: SAFARI })).toEqual({ bot: true, reason: "head_request" });
    expect(classifyClick({ method: "head", userAgent: null })).toEqual({ bot: true, reason: "head_request" });
  });

  it("flags a missing or blank user agent", () => {
    expect(get(null)).toEqual({ bot: true, reason: "no_user_agent" });
    expect(get("")).toEqual({ bot: true, reason: "no_user_agent" });
    expect(get("   ")).toEqual({ bot: true, reason: "no_user_agent" });
  });

  it.each([
    { "sec-purpose": "prefetch" },
    { "Sec-Purpose": "prefetch;prerender" },
    { purpose: "prefetch" },
    { Purpose: "preview" },
    { "x-moz": "prefetch" },
    { "X-Purpose": "preview" },
  ])("flags a browser prefetch: %o", (headers) => {
    expect(get(SAFARI, headers)).toMatchObject({ bot: true, reason: "prefetch" });
  });

  it("lets a person's click through with ordinary or unrelated headers", () => {
    expect(get(SAFARI)).toEqual({ bot: false });
    expect(get(SAFARI, { accept: "text/html", "sec-purpose": undefined, "x-purpose": "navigate", "sec-fetch-mode": "navigate" })).toEqual({
      bot: false,
    });
  });

  it("tells a Facebook in-app click from Facebook's preview fetcher", () => {
    const inApp = BROWSER_AGENTS.find((ua) => ua.includes("FBAN/FBIOS"))!;
    expect(get(inApp)).toEqual({ bot: false });
    expect(get("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)")).toMatchObject({
      bot: true,
      reason: "link_preview",
    });
  });

  it("keeps what gave a machine away: the agent's matching words, the prefetch header", () => {
    expect(get("Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)")).toEqual({
      bot: true,
      reason: "link_preview",
      evidence: "Slackbot",
    });
    expect(get("curl/8.4.0")).toEqual({ bot: true, reason: "crawler", evidence: expect.stringMatching(/curl/i) });
    expect(get(SAFARI, { "Sec-Purpose": "prefetch;prerender" })).toEqual({
      bot: true,
      reason: "prefetch",
      evidence: "sec-purpose: prefetch;prerender",
    });
  });

  // A desktop browser is a person: blocking desktop traffic is the step's rule (link-rules.ts), never the classifier's.
  it.each(DESKTOP_BROWSERS)("lets a desktop browser through: %s", (ua) => {
    expect(get(ua)).toEqual({ bot: false });
    expect(BROWSER_AGENTS).toContain(ua);
  });
});
