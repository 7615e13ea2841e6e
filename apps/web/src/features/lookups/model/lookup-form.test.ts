import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { lookupJob } from "./fixtures";
import {
  EMPTY_LOOKUP_FORM,
  isEditableLookup,
  type LookupFormValues,
  lookupFormFromJob,
  lookupFormResolver,
  toSaveLookupInput,
} from "./lookup-form";

const resolve = (v: LookupFormValues) => lookupFormResolver(v, undefined, {} as ResolverOptions<LookupFormValues>);

describe("the lookup form", () => {
  it("gives a new lookup the first status option, pending, unless started now", () => {
    const v = { ...EMPTY_LOOKUP_FORM, setting_gateway_id: 5, source: { id: 3, name: "Web" } };
    expect(toSaveLookupInput(v)).toEqual({ lead_type: 1, setting_gateway_id: 5, source_id: 3, list_id: null, status: 0 });
    expect(toSaveLookupInput({ ...v, start: true }).status).toBe(1);
  });

  it("asks for a gateway and a source, on the source picker", async () => {
    const result = await resolve(EMPTY_LOOKUP_FORM);
    expect(result.errors.setting_gateway_id?.message).toBe("Select a gateway.");
    expect(result.errors.source?.message).toBe("Select a source.");
  });

  it("passes a complete form", async () => {
    const result = await resolve({ ...EMPTY_LOOKUP_FORM, setting_gateway_id: 5, source: { id: 3, name: "Web" }, list_id: 7 });
    expect(result.errors).toEqual({});
  });

  it("reads a job back into the form", () => {
    expect(lookupFormFromJob(lookupJob({ type: 2, status: 1 }))).toEqual({
      lead_type: 2,
      setting_gateway_id: 5,
      source: { id: 3, name: "Web" },
      list_id: 7,
      start: true,
    });
  });

  it("edits only source and list lookups by SMS or email", () => {
    expect(isEditableLookup(lookupJob())).toBe(true);
    expect(isEditableLookup(lookupJob({ type: 3 }))).toBe(false);
    expect(isEditableLookup(lookupJob({ lead: { id: 1 } }))).toBe(false);
    expect(isEditableLookup(lookupJob({ source: null, segment: { id: 1, name: "A", parent: null } }))).toBe(false);
  });
});
