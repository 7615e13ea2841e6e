import { gatewayTypesOf } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { SANDBOX_EMAIL_UNIT_COST, SANDBOX_SMS_UNIT_COST } from "./sandbox-send.adapters";
import { hasSendAdapter, sendUnitCost } from "./send-factory";
import { TWILIO_SMS_UNIT_COST } from "./sms/twilio-sms.adapter";

describe("sendUnitCost", () => {
  it.each(["sms", "email"] as const)("prices every %s type that can send, and only those", (kind) => {
    for (const type of gatewayTypesOf(kind)) {
      const price = sendUnitCost(kind, type);
      expect(price !== null, type).toBe(hasSendAdapter(kind, type));
      if (price !== null) expect(price).toBeGreaterThan(0);
    }
  });

  it("answers the adapters' list prices, the sandbox's simulated ones, and nothing for an unknown type", () => {
    expect(sendUnitCost("sms", "gateway1")).toBe(TWILIO_SMS_UNIT_COST);
    expect(sendUnitCost("sms", "sandbox")).toBe(SANDBOX_SMS_UNIT_COST);
    expect(sendUnitCost("email", "sandbox")).toBe(SANDBOX_EMAIL_UNIT_COST);
    expect(sendUnitCost("email", "gateway1")).toBeNull();
    expect(sendUnitCost("sms", "toString")).toBeNull();
  });
});
