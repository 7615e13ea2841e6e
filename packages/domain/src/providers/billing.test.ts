import { GatewayTypes } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { chargeOf, costUnder, mayGoUnbilled, SendBillingRules, sendBillingOf } from "./billing";
import type { StatusEvent } from "./send-types";

const word = (status: StatusEvent["status"], providerStatus: string | null, errorCode: string | null = null) => ({
  status,
  providerStatus,
  errorCode,
});

describe("the billing table", () => {
  it("has a rule for every SMS and email gateway type", () => {
    for (const kind of ["sms", "email"] as const)
      for (const type of Object.keys(GatewayTypes[kind]))
        expect(Object.keys(SendBillingRules), `${kind}:${type}`).toContain(`${kind}:${type}`);
  });

  it.each([
    [
      "Twilio failed (never left Twilio): the $0.001 processing fee",
      "gateway1",
      word("failed", "failed", "30001"),
      { kind: "fee", amount: 0.001 },
    ],
    ["Twilio failed with 30008: fee waived", "gateway1", word("failed", "failed", "30008"), { kind: "none" }],
    ["Twilio canceled: fee", "gateway1", word("failed", "canceled", null), { kind: "fee", amount: 0.001 }],
    ["Twilio undelivered 30007: attempted, its parts", "gateway1", word("blocked_by_carrier", "undelivered", "30007"), { kind: "parts" }],
    ["Twilio failed 30007: never left Twilio", "gateway1", word("blocked_by_carrier", "failed", "30007"), { kind: "fee", amount: 0.001 }],
    ["Twilio delivered", "gateway1", word("delivered", "delivered"), { kind: "parts" }],
    ["the sandbox as Twilio: failed 30008", "sandbox", word("failed", "failed", "30008"), { kind: "none" }],
    ["the sandbox as Twilio: undelivered", "sandbox", word("inactive_device", "undelivered", "30003"), { kind: "parts" }],
    ["Vonage: failed is billed", "gateway11", word("failed", null, "99"), { kind: "parts" }],
    ["Telnyx (assumed): failed is billed", "gateway10", word("failed", null), { kind: "parts" }],
  ] as const)("%s", (_name, type, event, expected) => {
    expect(chargeOf(sendBillingOf("sms", type), event)).toEqual(expected);
  });

  it("bills every email SES took, a bounce included, and holds no platform money past acceptance for it", () => {
    const ses = sendBillingOf("email", "aws_ses");
    expect(chargeOf(ses, word("bounced", "Bounce", "Permanent:General"))).toEqual({ kind: "parts" });
    expect(mayGoUnbilled(ses)).toBe(false);
    expect(mayGoUnbilled(sendBillingOf("sms", "gateway1"))).toBe(true);
    expect(mayGoUnbilled(sendBillingOf("sms", "gateway11"))).toBe(false);
  });

  it("says who bills replies", () => {
    expect(sendBillingOf("sms", "gateway1").inboundBilled).toBe(true);
    expect(sendBillingOf("sms", "sandbox").inboundBilled).toBe(true);
    expect(sendBillingOf("email", "aws_ses").inboundBilled).toBe(false);
  });

  it("prices a row: its parts, nothing, or the fee (never the fee on a platform gateway, where the team pays per part)", () => {
    expect(costUnder({ kind: "parts" }, 0.0166, false)).toBe(0.0166);
    expect(costUnder({ kind: "none" }, 0.0166, false)).toBe(0);
    expect(costUnder({ kind: "fee", amount: 0.001 }, 0.0166, false)).toBe(0.001);
    expect(costUnder({ kind: "fee", amount: 0.001 }, 0.019, true)).toBe(0);
  });
});
