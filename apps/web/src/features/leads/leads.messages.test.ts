import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "../../lib/i18n/en";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !name.includes(".test.") ? [path] : [];
  });
}

const sources = [...files(import.meta.dirname), join(import.meta.dirname, "../sources/pages/list-page.tsx")];

describe("lead screen texts", () => {
  it("every key the leads screens ask for is in the English dictionary", () => {
    const missing: string[] = [];
    for (const file of sources) {
      const code = readFileSync(file, "utf8");
      for (const [, fn, key] of code.matchAll(/\b(t|tn)\("([a-zA-Z0-9_.]+)"/g)) {
        const keys = fn === "tn" ? [`${key}.one`, `${key}.other`] : [key!];
        for (const k of keys) if (!(k in en)) missing.push(`${file.split("/src/")[1]}: ${k}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("has the keys built from data", () => {
    for (const k of ["clicked", "unsubscribed"]) expect(en[`leads.timeline.${k}`]).toBeTruthy();
    for (const k of ["list", "audience", "campaign"]) expect(en[`leads.locations.${k}`]).toBeTruthy();
    for (const k of ["leads.email.setPending", "leads.email.unsubscribe"]) expect(en[k]).toBeTruthy();
  });
});
