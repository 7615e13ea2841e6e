import { LookupStatusLabels } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { lookupTogglesMessages } from "../../components/lookup-toggles/lookup-toggles.messages";
import { lookupsMessages } from "./lookups.messages";

describe("lookup texts", () => {
  it("never takes a key of the import toggles' dictionary", () => {
    expect(Object.keys(lookupsMessages).filter((k) => k in lookupTogglesMessages)).toEqual([]);
  });

  it("uses the product's wording", () => {
    expect(lookupsMessages["lookups.started"]).toBe("Lookup has been started");
    expect(lookupsMessages["lookups.bulk.started"]).toBe("Selected lookups have been started");
    expect(lookupsMessages["lookups.progress.completed"]).toBe("Completed");
    expect(lookupsMessages["lookups.progress.paid"]).toBe("paid");
    expect(LookupStatusLabels[1]).toBe("Running");
  });
});
