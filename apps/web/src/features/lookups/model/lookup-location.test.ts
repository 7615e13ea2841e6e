import { describe, expect, it } from "vitest";
import { lookupJob } from "./fixtures";
import { lookupLocation } from "./lookup-location";

const to = (parts: { to: string }[]) => parts.map((p) => p.to);

describe("the Location column", () => {
  it("links the source and the list", () => {
    const loc = lookupLocation(lookupJob());
    expect(to(loc.primary)).toEqual(["sources/3", "sources/3/7"]);
    expect(loc.primary[1]?.label).toEqual({ text: "March" });
  });

  it("links an audience's leads, or a child segment's under its parent", () => {
    const audience = lookupLocation(lookupJob({ source: null, list: null, segment: { id: 4, name: "Texas", parent: null } }));
    expect(to(audience.primary)).toEqual(["audiences/4/leads"]);
    const child = lookupLocation(
      lookupJob({ source: null, list: null, segment: { id: 9, name: "Austin", parent: { id: 4, name: "Texas" } } }),
    );
    expect(to(child.primary)).toEqual(["audiences/4/segments/9/leads"]);
    expect(to(child.secondary)).toEqual(["audiences/4/leads"]);
  });

  it("shows a relookup's lead", () => {
    const loc = lookupLocation(lookupJob({ lead: { id: 12 } }));
    expect(loc.primary).toEqual([{ label: { key: "lookups.location.lead", vars: { id: 12 } }, to: "leads/12" }]);
  });

  it("shows an import's file, with its source and list below", () => {
    const loc = lookupLocation(lookupJob({ import: { id: 8, name: "march.csv" } }));
    expect(to(loc.primary)).toEqual(["settings/import-history/8"]);
    expect(to(loc.secondary)).toEqual(["sources/3", "sources/3/7"]);
  });

  it("is empty without a scope", () => {
    expect(lookupLocation(lookupJob({ source: null, list: null })).primary).toEqual([]);
  });
});
