import { describe, expect, it } from "vitest";
import { type MessageCheckId, messageChecks, unacknowledgedChecks } from "./message-checks";

const ids = (message: string, first = false, brand: string | null = "Acme") => messageChecks({ message, first, brand }).map((c) => c.id);
const has = (id: MessageCheckId, message: string, first = false) => ids(message, first).includes(id);

describe("messageChecks: opt-out in the first message", () => {
  it.each([
    "Acme: 20% off today. Reply STOP to opt out",
    "Acme deals. Text END to stop these",
    "Acme: reply stop to opt out",
    "Acme: txt quit to leave",
    "Acme news. To opt-out, tell us",
    "Acme: unsubscribe any time",
    "Acme. CANCEL to cancel",
  ])("%s has one", (message) => {
    expect(has("opt_out", message, true)).toBe(false);
  });

  it.each(["Acme: 20% off today {{link}}", "Acme: see you at the end of the week", "Acme: we will stop by tomorrow"])(
    "%s has none",
    (message) => {
      expect(has("opt_out", message, true)).toBe(true);
    },
  );

  it("only the first message is asked for one", () => {
    expect(has("opt_out", "20% off today", false)).toBe(false);
  });
});

describe("messageChecks: brand in the first message", () => {
  it("warns when the brand is missing, in any case and spacing it is found", () => {
    expect(has("brand", "Hi, 20% off. Reply STOP to opt out", true)).toBe(true);
    expect(has("brand", "ACME: 20% off. Reply STOP to opt out", true)).toBe(false);
    expect(ids("Big  Shop: 20% off. Reply STOP", true, "Big Shop")).not.toContain("brand");
  });
  it("says nothing without a brand or after the first message", () => {
    expect(ids("20% off. Reply STOP", true, null)).not.toContain("brand");
    expect(ids("20% off", false)).not.toContain("brand");
  });
});

describe("messageChecks: public shorteners", () => {
  it.each([
    ["see https://bit.ly/3abc", ["bit.ly"]],
    ["go to bit.ly/x or TinyURL.com/y", ["bit.ly", "tinyurl.com"]],
    ["http://t.co/abc", ["t.co"]],
    ["www.cutt.ly/a", ["cutt.ly"]],
  ])("%s names %j", (message, hosts) => {
    const check = messageChecks({ message, first: false }).find((c) => c.id === "shortener");
    expect(check?.key).toBe(`shortener:${hosts.join(",")}`);
  });
  it.each(["visit habit.ly.example.com", "mail me at x@bit.ly", "at.com is fine", "go to example.com/t.co"])(
    "%s is no shortener",
    (message) => {
      expect(has("shortener", message)).toBe(false);
    },
  );
});

describe("messageChecks: SHAFT words", () => {
  it.each([
    ["Cheap beer tonight", ["beer"]],
    ["Firearms & AMMO sale", ["ammo", "firearms"]],
    ["Sex sells", ["sex"]],
    ["Vape shop: CBD oil", ["cbd", "vape"]],
  ])("%s finds %j", (message, words) => {
    expect(messageChecks({ message, first: false }).find((c) => c.id === "shaft")?.key).toBe(`shaft:${words.join(",")}`);
  });
  it.each(["Essex store opens", "Sussex deals", "whatever you hated before", "we have begun", "Shatter the price", "gunther's"])(
    "%s is clean",
    (message) => {
      expect(has("shaft", message)).toBe(false);
    },
  );
});

describe("messageChecks: capitals and emoji", () => {
  it("warns on a shouted message, not on a keyword or a tag in capitals", () => {
    expect(has("caps", "HUGE SALE TODAY ONLY AT OUR STORE")).toBe(true);
    expect(has("caps", "Huge sale today. Reply STOP to opt out {{FIRST_NAME}} https://EXAMPLE.COM")).toBe(false);
    expect(has("caps", "OK GO")).toBe(false);
  });
  it("warns past two emoji", () => {
    expect(has("emoji", "Sale 🎉🎉")).toBe(false);
    expect(has("emoji", "Sale 🎉🎉🔥")).toBe(true);
  });
});

describe("acknowledgements", () => {
  it("hide the same finding and let a new one warn", () => {
    const first = messageChecks({ message: "bit.ly/a", first: false });
    const acked = first.map((c) => c.key);
    expect(unacknowledgedChecks(messageChecks({ message: "bit.ly/b see", first: false }), acked)).toEqual([]);
    expect(unacknowledgedChecks(messageChecks({ message: "bit.ly/b and tinyurl.com/c", first: false }), acked).map((c) => c.id)).toEqual([
      "shortener",
    ]);
  });
  it("an empty message is not checked", () => {
    expect(messageChecks({ message: "  ", first: true, brand: "Acme" })).toEqual([]);
  });
});
