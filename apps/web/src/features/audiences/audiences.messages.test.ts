import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tn } from "../../lib/i18n";
import { en } from "../../lib/i18n/en";
import { audiencesMessages } from "./audiences.messages";

/** The audience screens' files (the filter builder keeps its own dictionary and test). */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "filter-builder" ? [] : files(path);
    return /\.tsx?$/.test(name) && !name.includes(".test.") ? [path] : [];
  });
}

describe("audience screen texts", () => {
  it("every key the audience screens ask for has an English text", () => {
    const dictionary = { ...en, ...audiencesMessages };
    const missing: string[] = [];
    for (const file of files(import.meta.dirname)) {
      const code = readFileSync(file, "utf8");
      for (const [, fn, key] of code.matchAll(/\b(t|tn)\("([a-zA-Z0-9_.]+)"/g)) {
        const keys = fn === "tn" ? [`${key}.one`, `${key}.other`] : [key!];
        for (const k of keys) if (!(k in dictionary)) missing.push(`${file.split("/src/")[1]}: ${k}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("has the keys built from data and modes", () => {
    for (const tab of ["leads", "segments"]) expect(audiencesMessages[`audiences.tabs.${tab}`]).toBeTruthy();
    for (const k of [
      "createAudience",
      "createSegment",
      "editAudience",
      "editSegment",
      "duplicateAudience",
      "duplicateSegment",
      "create",
      "save",
    ])
      expect(audiencesMessages[`audiences.dialog.${k}`]).toBeTruthy();
  });

  it("uses the spec's wording", () => {
    expect(audiencesMessages["audiences.removeManyError"]).toBe("Removing segments error");
    expect(audiencesMessages["audiences.refreshQueued"]).toBe("Segments added to refresh queue");
    expect(audiencesMessages["audiences.export.generating"]).toBe("Generating file...");
    expect(audiencesMessages["audiences.dialog.dynamic"]).toBe("Update dynamically");
  });

  it("names what was deleted: audiences from the audiences page and an audience's page, a segment from its own", () => {
    expect(audiencesMessages["audiences.deleted"]).toBe("Audience deleted.");
    expect(audiencesMessages["audiences.segmentDeleted"]).toBe("Segment deleted.");
    expect(tn("audiences.deletedMany", 1, { count: 1 })).toBe("Audience deleted.");
    expect(tn("audiences.deletedMany", 3, { count: 3 })).toBe("3 audiences deleted.");
  });
});
