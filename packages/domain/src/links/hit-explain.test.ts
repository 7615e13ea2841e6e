import { describe, expect, it } from "vitest";
import { explainHit } from "./hit-explain";

const hit = (reason: string, reason_detail: string | null, over: Partial<Parameters<typeof explainHit>[0]> = {}) =>
  explainHit({ reason, reason_detail, user_agent: null, asname: null, proxy: null, ...over });

describe("why the redirect did not count a click", () => {
  it("names the rule and the evidence the hit stored", () => {
    expect(hit("preview", "link_preview: Slackbot", { proxy: true, asname: "AS14618 Amazon.com, Inc." })).toEqual({
      rule: "User agent",
      why: 'A link preview: "Slackbot" fetched the link to show a card where it was shared. From a datacenter network (AS14618 Amazon.com, Inc.).',
    });
    expect(hit("head", "head_request")).toEqual({ rule: "Request method", why: expect.stringContaining("HEAD request") });
    expect(hit("prefetch", "prefetch: sec-purpose: prefetch")).toEqual({
      rule: "Prefetch",
      why: expect.stringContaining("sec-purpose: prefetch"),
    });
    expect(hit("bot", "no_user_agent").why).toContain("no user agent");
    expect(hit("bot", "crawler: HeadlessChrome").why).toContain('"HeadlessChrome"');
    expect(hit("scanner", "mail_scanner: BingPreview").why).toContain("scanner");
  });

  it("reads hits stored before the evidence was kept, and the link's own rules", () => {
    expect(hit("bot", "crawler").why).toContain("crawler");
    expect(hit("bot", null).rule).toBe("User agent");
    expect(hit("expired", null)).toEqual({ rule: "Link expiry", why: expect.stringContaining("expired") });
    expect(hit("desktop", null, { user_agent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0.0.0 Safari/537.36" }).why).toBe(
      "A desktop browser (Windows), and the step blocks desktop traffic.",
    );
    expect(hit("state_filter", "CA ≠ NY").why).toBe("Clicked from CA, not the lead's state NY.");
    expect(hit("after_first_click", null).rule).toBe("First click");
  });
});
