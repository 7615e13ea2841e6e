import type { ImportRecord, ImportStatus } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { t } from "../../../lib/i18n";
import { eventMatches, type ImportEvent, PHASE_TITLE_KEYS, progressView } from "./import-progress";

const record = (status: ImportStatus, over: Partial<ImportRecord> = {}): ImportRecord =>
  ({
    id: 7,
    name: "leads.csv",
    status,
    progress: 0,
    total_rows: 100,
    processed_count: 0,
    message: null,
    sync_import: { id: 7, status: "waiting", progress: 0 },
    ...over,
  }) as ImportRecord;

const event = (type: string, current: number, processed = 0, total = 100): ImportEvent => ({
  id: 7,
  type,
  client_original_name: "leads.csv",
  processed,
  current,
  total,
});

const title = (status: ImportStatus, e?: ImportEvent, pollError: string | null = null) =>
  t(PHASE_TITLE_KEYS[progressView(record(status), e, pollError).phase]);

describe("progress dialog title", () => {
  it.each<[ImportStatus, string]>([
    ["uploaded", "Importing source data..."],
    ["mapped", "Importing source data..."],
    ["queued", "Importing source data..."],
    ["processing", "Importing source data..."],
    ["synchronizing", "Lead synchronization..."],
    ["completed", "Import finished!"],
    ["failed", "Import failed!"],
  ])("status %s → %s", (status, expected) => expect(title(status)).toBe(expected));

  it("a live sync event moves ahead of a stale poll", () =>
    expect(title("processing", event("sync_progress", 10))).toBe("Lead synchronization..."));
  it("a live failure ends it", () => expect(title("processing", event("failed", 40))).toBe("Import failed!"));
  it("an old parse event never moves a finished import back", () =>
    expect(title("completed", event("parse_progress", 50))).toBe("Import finished!"));
  it("a failed poll ends it as failed, with the server message", () => {
    const v = progressView(record("processing"), undefined, "Server error");
    expect(v.phase).toBe("failed");
    expect(v.message).toBe("Server error");
  });
  it("shows the record's message when the import failed", () =>
    expect(progressView(record("failed", { message: "The file is empty." }), undefined, null).message).toBe("The file is empty."));
});

describe("progress figures", () => {
  it("takes the larger of poll and event in phase one", () => {
    const v = progressView(record("processing", { progress: 20, processed_count: 20 }), event("parse_progress", 35, 35), null);
    expect([v.percent, v.processed, v.total]).toEqual([35, 35, 100]);
  });
  it("uses the sync progress in phase two", () => {
    const v = progressView(
      record("synchronizing", { progress: 100, processed_count: 100, sync_import: { id: 7, status: "processing", progress: 60 } }),
      undefined,
      null,
    );
    expect(v.percent).toBe(60);
  });
  it("ignores a phase-one event once synchronising", () =>
    expect(
      progressView(
        record("synchronizing", { sync_import: { id: 7, status: "processing", progress: 5 } }),
        event("parse_progress", 90),
        null,
      ).percent,
    ).toBe(5));
  it("keeps the bar where a failed poll stopped it", () =>
    expect(progressView(record("processing", { progress: 42 }), undefined, "Server error").percent).toBe(42));
  it("is full when finished", () => expect(progressView(record("completed"), undefined, null).percent).toBe(100));
  it("clamps odd figures", () => expect(progressView(record("processing", { progress: 140 }), undefined, null).percent).toBe(100));
  it("never shows more processed than total", () => {
    const v = progressView(record("processing", { total_rows: 0, processed_count: 12 }), undefined, null);
    expect(v.total).toBe(12);
  });
});

describe("eventMatches", () => {
  it.each<[Partial<ImportEvent>, boolean]>([
    [{ id: 7 }, true],
    [{ id: 8 }, false],
    [{ id: undefined, client_original_name: "leads.csv" }, true],
    [{ id: undefined, client_original_name: "other.csv" }, false],
  ])("%j → %s", (over, expected) => expect(eventMatches({ ...event("parse_progress", 1), ...over }, 7, "leads.csv")).toBe(expected));
});
