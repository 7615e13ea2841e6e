import { describe, expect, it } from "vitest";
import { t } from "../../../lib/i18n";
import { confirmKey, gatewayKindFor, RUN_LOOKUP_TYPES, type RunLookupScope, RunLookupScopes, relookupLeadType } from "./run-lookup";

describe("run lookup", () => {
  it("offers SMS Lookup, SMS DNC, Email Lookup in that order, each with its gateway kind", () => {
    expect(RUN_LOOKUP_TYPES.map(gatewayKindFor)).toEqual(["sms_lookup", "sms_dnc", "email_lookup"]);
  });

  it("names a lead's relookup types the spec's way", () => {
    expect(RUN_LOOKUP_TYPES.map(relookupLeadType)).toEqual(["lead_phone", "sms_dnc", "lead_email"]);
  });

  it("uses the spec's two prompts verbatim", () => {
    expect(t(confirmKey("sources", 1))).toBe("Do you want to lookup sms leads in selected sources?");
    expect(t(confirmKey("lists", 2))).toBe("Do you want to lookup email leads in selected lists?");
    expect(t(confirmKey("lookups", 1))).toBe("Do you want to lookup sms leads in selected sources?");
    expect(t(confirmKey("lookups", 2))).toBe("Do you want to lookup email leads in selected lists?");
  });

  it("has a prompt for every scope and type", () => {
    for (const scope of Object.keys(RunLookupScopes) as RunLookupScope[])
      for (const type of RUN_LOOKUP_TYPES) expect(t(confirmKey(scope, type))).toMatch(/^Do you want to .+\?$/);
  });
});
