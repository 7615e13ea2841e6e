import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { LookupStatusLabels } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { lookupTogglesMessages } from "../../components/lookup-toggles/lookup-toggles.messages";
import { en } from "../../lib/i18n/en";
import { lookupsMessages } from "./lookups.messages";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !name.includes(".test.") ? [path] : [];
  });
}

describe("lookup texts", () => {
  it("every key the lookup screens ask for is in the English dictionary", () => {
    const missing: string[] = [];
    for (const file of files(import.meta.dirname)) {
      const code = readFileSync(file, "utf8");
      for (const [, fn, key] of code.matchAll(/\b(t|tn)\("([a-zA-Z0-9_.]+)"/g)) {
        const keys = fn === "tn" ? [`${key}.one`, `${key}.other`] : [key!];
        for (const k of keys) if (!(k in en)) missing.push(`${file.split("/src/")[1]}: ${k}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("has the keys built from data", () => {
    for (const k of ["start", "pause", "stop"]) expect(lookupsMessages[`lookups.control.${k}`]).toBeTruthy();
    for (const k of ["carrier_days", "email_days", "dnc_days"]) expect(lookupsMessages[`lookups.freshness.${k}`]).toBeTruthy();
    for (const type of [1, 2, 3]) expect(lookupsMessages[`lookups.relookup.confirm.${type}`]).toBeTruthy();
  });

  it("never takes a key of the import toggles' dictionary", () => {
    expect(Object.keys(lookupsMessages).filter((k) => k in lookupTogglesMessages)).toEqual([]);
  });

  it("uses the spec's wording", () => {
    expect(lookupsMessages["lookups.started"]).toBe("Lookup has been started");
    expect(lookupsMessages["lookups.bulk.started"]).toBe("Selected lookups have been started");
    expect(lookupsMessages["lookups.progress.completed"]).toBe("Completed");
    expect(lookupsMessages["lookups.progress.paid"]).toBe("paid");
    expect(LookupStatusLabels[1]).toBe("Running");
  });
});
