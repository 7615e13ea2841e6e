import type { AnyLeadValue } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import {
  effectivePhoneStatus,
  emailStatusAction,
  isUnchanged,
  joinValues,
  orderLeadValues,
  phoneStatusLabel,
  phoneStatusOptions,
} from "./lead-values";

describe("joinValues", () => {
  it.each([
    [undefined, "—"],
    [[], "—"],
    [["", "  "], "—"],
    [["Ann"], "Ann"],
    [["+15552010001", "+15552010002"], "+15552010001; +15552010002"],
    [["a", "", "b"], "a; b"],
    [["<b>x</b>"], "<b>x</b>"],
  ])("%j → %s", (values, expected) => {
    expect(joinValues(values)).toBe(expected);
  });
});

describe("orderLeadValues", () => {
  const attr = (id: number, sort_order: number, type: "string" | "phone" | "email") => ({ id, name: `a${id}`, type, sort_order });
  const v = (id: string, kind: AnyLeadValue["kind"], sort = 0) =>
    ({ id, value: id, kind, attribute: attr(sort + 10, sort, kind), status: null, status_label: null }) as unknown as AnyLeadValue;

  it("puts phones, then emails, then strings by the attributes' order, keeping ties in place", () => {
    const ordered = orderLeadValues([v("s2", "string", 2), v("e1", "email"), v("s1", "string", 1), v("p1", "phone"), v("p2", "phone")]);
    expect(ordered.map((x) => x.id)).toEqual(["p1", "p2", "e1", "s1", "s2"]);
  });
});

describe("phone status menu", () => {
  it("shows Not Checked (no status) as Subscribed and leaves the current status out", () => {
    expect(effectivePhoneStatus(null)).toBe(1);
    expect(effectivePhoneStatus(0)).toBe(1);
    expect(phoneStatusLabel(null)).toBe("Subscribed");
    expect(phoneStatusOptions(null).map((o) => o.status)).toEqual([2, 3, 4, 5, 6]);
    expect(phoneStatusOptions(4).map((o) => o.label)).toEqual(["Subscribed", "Unsubscribed", "Suppressed", "Federal DNC", "State DNC"]);
    expect(phoneStatusOptions(6)).toHaveLength(5);
  });
});

describe("email status menu", () => {
  it.each([
    [1, null],
    [4, { status: 1, labelKey: "leads.email.setPending" }],
    [2, { status: 4, labelKey: "leads.email.unsubscribe" }],
    [3, { status: 4, labelKey: "leads.email.unsubscribe" }],
    [5, { status: 4, labelKey: "leads.email.unsubscribe" }],
    [6, { status: 4, labelKey: "leads.email.unsubscribe" }],
    [null, { status: 4, labelKey: "leads.email.unsubscribe" }],
  ])("status %j → %j", (status, expected) => {
    expect(emailStatusAction(status)).toEqual(expected);
  });
});

describe("isUnchanged", () => {
  it("ignores surrounding spaces only", () => {
    expect(isUnchanged("Ann", " Ann ")).toBe(true);
    expect(isUnchanged("Ann", "ann")).toBe(false);
  });
});
