import { afterAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../../test/fixtures/imports";
import { detectFormat, ImportFileError, type ImportFormat, importFileErrors, openImportFile } from "./index";

const scratch = scratchDir();
afterAll(() => scratch.cleanup());

describe("detectFormat", () => {
  it.each([
    ["leads.csv", "csv"],
    ["LEADS.CSV", "csv"],
    ["export.2024.tsv", "tsv"],
    ["Book1.XLSX", "xlsx"],
    ["feed.Xml", "xml"],
    ["leads.xls", null],
    ["leads.csv.exe", null],
    ["leads.txt", null],
    ["csv", null],
    ["", null],
    [".csv", "csv"],
  ])("%j → %j", (name, want) => {
    expect(detectFormat(name)).toBe(want);
  });
});

describe("openImportFile", () => {
  it("refuses a format it does not know", async () => {
    const path = scratch.file("a.txt", "a\n1\n");
    const err = await openImportFile(path, "txt" as ImportFormat).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportFileError);
    expect((err as ImportFileError).message).toBe("Only .csv, .tsv, .xlsx and .xml files can be imported.");
  });

  it("has a user-facing message for every error code", () => {
    for (const [code, message] of Object.entries(importFileErrors)) {
      expect(message, code).toMatch(/^[A-Z].*[.?]$/);
      expect(new ImportFileError(code as keyof typeof importFileErrors).message).toBe(message);
    }
  });
});
