import type { SegmentExport } from "@leadflow/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ExportFilesView } from "./export-files-view";

const file = (over: Partial<SegmentExport>): SegmentExport => ({
  id: 1,
  filename: "audience-may.csv",
  url: null,
  status: 1,
  status_label: "New",
  total_rows: 0,
  completed_rows: 0,
  segment: { id: 7, name: "Audience May" },
  error: null,
  created_at: "2026-05-01T10:00:00.000Z",
  ...over,
});

const render = (files: SegmentExport[] | undefined, loading = false, error: string | null = null) =>
  renderToStaticMarkup(<ExportFilesView files={files} loading={loading} error={error} />);

/** The markup of the card of export `id`. */
const card = (html: string, id: number) => {
  const start = html.indexOf(`data-export-id="${id}"`);
  if (start < 0) throw new Error(`no card ${id}`);
  const next = html.indexOf("data-export-id=", start + 1);
  return html.slice(start, next < 0 ? undefined : next);
};
/** The Download control of a card: whether it is enabled and where it points. */
const download = (markup: string) => {
  const tag = markup.match(/<a[^>]*>(?:(?!<\/a>).)*Download<\/a>/)?.[0];
  if (!tag) throw new Error("no Download control");
  return { disabled: /aria-disabled="true"|Mui-disabled/.test(tag), href: tag.match(/href="([^"]*)"/)?.[1] ?? null };
};

describe("Settings → Export Files", () => {
  it("says 'Files no found' when there is none", () => {
    expect(render([])).toContain("Files no found");
  });

  it("shows placeholders while loading, and the error when the list fails", () => {
    const loading = render(undefined, true);
    expect(loading).toContain('aria-busy="true"');
    expect(loading).not.toContain("Files no found");
    expect(render(undefined, false, "Network error")).toContain("Network error");
  });

  it("shows each file's facts and status; Download only for a completed file", () => {
    const url = "/api/segments/exports/3/download?token=5.123.abc";
    const html = render([
      file({ id: 1, status: 1, status_label: "New" }),
      file({ id: 2, status: 2, status_label: "In progress", total_rows: 200, completed_rows: 50 }),
      file({ id: 3, status: 3, status_label: "Completed", total_rows: 1234, completed_rows: 1234, url, filename: "done.csv" }),
      file({ id: 4, status: 4, status_label: "Failed", error: "Disk full" }),
    ]);
    const [fresh, running, done, failed] = [1, 2, 3, 4].map((id) => card(html, id)) as [string, string, string, string];

    for (const label of ["Rows", "Completed rows", "Segment name", "Status", "Created at", "Audience May"]) expect(fresh).toContain(label);
    expect(fresh).toContain("New");
    expect(running).toContain("In progress");
    expect(done).toContain("Completed");
    expect(failed).toContain("Failed");

    // A progress bar only while the file is written, at completed/total.
    expect(running).toContain('role="progressbar"');
    expect(running).toContain('aria-valuenow="25"');
    expect(running).toContain("50 of 200 rows");
    for (const other of [fresh, done, failed]) expect(other).not.toContain('role="progressbar"');

    expect(done).toContain("done.csv");
    expect(done).toContain("1,234");
    expect(download(done)).toEqual({ disabled: false, href: url.replaceAll("&", "&amp;") });
    for (const other of [fresh, running, failed]) expect(download(other)).toEqual({ disabled: true, href: null });
  });
});
