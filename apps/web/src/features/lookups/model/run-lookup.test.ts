import { describe, expect, it } from "vitest";
import { t, tn } from "../../../lib/i18n";
import {
  confirmKey,
  gatewayKindFor,
  RELOOKUP_TYPES,
  RUN_LOOKUP_TYPES,
  type RunLookupScope,
  RunLookupScopes,
  relookupLeadType,
  runLookupTypes,
} from "./run-lookup";

describe("run lookup", () => {
  it("offers SMS Lookup, SMS DNC, Email Lookup, then the consent checks, each with its gateway kind", () => {
    expect(RUN_LOOKUP_TYPES.map(gatewayKindFor)).toEqual(["sms_lookup", "sms_dnc", "email_lookup", "consent_certificates", "rnd"]);
  });

  it("names a lead's relookup types the API's way", () => {
    expect(RELOOKUP_TYPES.map(relookupLeadType)).toEqual(["lead_phone", "sms_dnc", "lead_email"]);
  });

  it("has no relookup for the consent checks", () => {
    expect(() => relookupLeadType(4)).toThrow();
  });

  it("offers the consent checks on sources, lists, lookups and the leads table", () => {
    for (const scope of ["sources", "lists", "lookups", "leads"] as const) expect(runLookupTypes(scope)).toEqual([1, 3, 2, 4, 5]);
  });

  it("offers on audiences only the types their endpoint takes", () => {
    const types = runLookupTypes("segments");
    expect(types.slice(0, 3)).toEqual([1, 3, 2]);
    expect(types.every((type) => RUN_LOOKUP_TYPES.includes(type))).toBe(true);
  });

  it("uses the product's two prompts verbatim", () => {
    expect(t(confirmKey("sources", 1))).toBe("Do you want to lookup sms leads in selected sources?");
    expect(t(confirmKey("lists", 2))).toBe("Do you want to lookup email leads in selected lists?");
    expect(t(confirmKey("lookups", 1))).toBe("Do you want to lookup sms leads in selected sources?");
    expect(t(confirmKey("lookups", 2))).toBe("Do you want to lookup email leads in selected lists?");
  });

  it("has a prompt for every scope and type", () => {
    for (const scope of Object.keys(RunLookupScopes) as RunLookupScope[]) {
      if (scope === "leads") continue;
      for (const type of RUN_LOOKUP_TYPES) expect(t(confirmKey(scope, type))).toMatch(/^Do you want to .+\?$/);
    }
  });

  it("counts the leads table's selection in its prompts", () => {
    for (const type of RUN_LOOKUP_TYPES) {
      expect(tn(confirmKey("leads", type), 1)).toMatch(/the selected lead\b/);
      expect(tn(confirmKey("leads", type), 1200, { count: "1,200" })).toContain("the 1,200 selected leads");
    }
    expect(tn(confirmKey("leads", 4), 3, { count: 3 })).toBe("Do you want to verify the consent certificates of the 3 selected leads?");
  });
});
