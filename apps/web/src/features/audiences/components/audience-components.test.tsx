import { EmptySegmentFilters, type Segment } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { resolveColumns } from "../../../components/data-table/resolve-columns";
import { t } from "../../../lib/i18n";
import { segmentPreviewQuery } from "../api/segments.api";
import { ExportNotice } from "./export-notice";
import { PreviewCount, previewInputs } from "./preview-count";
import { audienceColumns } from "./segment-columns";

const segment: Segment = {
  id: 4,
  name: "Texas",
  ignore_new_leads: false,
  parent_id: null,
  parent: null,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  segments_count: 2,
  total_leads: 12345,
  total_blacklisted: 6,
  revenue: 1234.5,
  revenue_per_record: 0.1,
  is_recalculating: false,
  built_at: null,
  filters: EmptySegmentFilters,
  export: null,
};

const html = (node: ReactNode, qc = new QueryClient()) =>
  renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

describe("ExportNotice", () => {
  it("shows 'Generating file...' disabled while the export is written", () => {
    const out = html(<ExportNotice notice={{ id: 1, type: "export-pending", url: null, segment_name: "Texas" }} />);
    expect(out).toContain("Generating file...");
    expect(out).toMatch(/<button[^>]*disabled=""/);
  });

  it("then a Download link to the file", () => {
    const out = html(<ExportNotice notice={{ id: 1, type: "export-completed", url: "/api/exports/1/download", segment_name: "Texas" }} />);
    expect(out).toMatch(/<a[^>]*href="\/api\/exports\/1\/download"[^>]*download=""/);
    expect(out).toContain("Download");
    expect(out).not.toContain("Generating file...");
  });

  it("shows nothing before any export", () => {
    expect(html(<ExportNotice notice={null} />)).toBe("");
  });
});

describe("audienceColumns", () => {
  const columns = resolveColumns(audienceColumns, { t, href: (s) => `/u/0/audiences/${s.id}/leads` });
  const cell = (key: string, s: Segment) => html(columns.find((c) => c.key === key)!.render!(s));

  it("has the product's columns in order", () => {
    expect(columns.map((c) => c.header)).toEqual([
      "Name",
      "Created Date",
      "Segments",
      "Lifetime Revenue ($)",
      "Revenue Per Record ($)",
      "Leads",
    ]);
  });

  it("links the name and formats the amounts", () => {
    expect(cell("name", segment)).toMatch(/href="\/u\/0\/audiences\/4\/leads"[^>]*>Texas</);
    expect(cell("revenue", segment)).toBe("1,234.50");
    expect(cell("total_leads", segment)).toContain("12,345");
  });

  it("marks a count being rebuilt", () => {
    expect(cell("total_leads", segment)).not.toContain("Recalculating");
    expect(cell("total_leads", { ...segment, is_recalculating: true })).toContain("Recalculating");
  });
});

describe("PreviewCount", () => {
  const applied = { filters: EmptySegmentFilters, parent_id: 4 };

  it("asks for Apply before anything was applied", () => {
    expect(html(<PreviewCount applied={null} stale={false} />)).toContain("Apply the filters to see how many leads match.");
  });

  it("counts while the answer is on its way", () => {
    expect(html(<PreviewCount applied={applied} stale={false} />)).toContain("Counting…");
  });

  it("shows how many leads match the applied tree, and when the draft has moved on", () => {
    const qc = new QueryClient();
    qc.setQueryData(segmentPreviewQuery(previewInputs(applied).quick).queryKey, {
      total: 12345,
      total_blacklisted: 3,
      exact: true,
      estimated: false,
    });
    const out = html(<PreviewCount applied={applied} stale />, qc);
    expect(out).toContain("12,345 leads match");
    expect(out).toContain("3 of them blacklisted");
    expect(out).toContain("Apply to count your latest changes.");
  });

  it("says 'More than 100,000' with a spinner while the exact count of a big audience is on its way", () => {
    const qc = new QueryClient();
    qc.setQueryData(segmentPreviewQuery(previewInputs(applied).quick).queryKey, {
      total: 100_000,
      total_blacklisted: 40,
      exact: false,
      estimated: false,
    });
    const out = html(<PreviewCount applied={applied} stale={false} />, qc);
    expect(out).toContain("More than 100,000 leads match");
    expect(out).toContain('aria-label="Counting them all…"');
    expect(out).not.toContain("blacklisted");
    expect(out).not.toContain(">100,000 leads match");
  });

  it("says 'About 480,000' when the quick answer is an estimate", () => {
    const qc = new QueryClient();
    qc.setQueryData(segmentPreviewQuery(previewInputs(applied).quick).queryKey, {
      total: 480_000,
      total_blacklisted: 0,
      exact: false,
      estimated: true,
    });
    const out = html(<PreviewCount applied={applied} stale={false} />, qc);
    expect(out).toContain("About 480,000 leads match");
    expect(out).toContain('aria-label="Counting them all…"');
  });

  it("keeps the spinner on the figure's last word, so a narrow dialog does not strand it on a line of its own", () => {
    const qc = new QueryClient();
    qc.setQueryData(segmentPreviewQuery(previewInputs(applied).quick).queryKey, {
      total: 480_000,
      total_blacklisted: 0,
      exact: false,
      estimated: true,
    });
    const out = html(<PreviewCount applied={applied} stale={false} />, qc);
    // A no-break space, then the spinner (after the style tag server rendering writes before it).
    expect(out).toMatch(/About 480,000 leads match\u00a0(?:<style[^<]*<\/style>)?<span[^>]*aria-label="Counting them all…"/);
  });

  it("then the exact figure once it came", () => {
    const qc = new QueryClient();
    const inputs = previewInputs(applied);
    qc.setQueryData(segmentPreviewQuery(inputs.quick).queryKey, { total: 100_000, total_blacklisted: 40, exact: false, estimated: false });
    qc.setQueryData(segmentPreviewQuery(inputs.exact).queryKey, { total: 480_123, total_blacklisted: 77, exact: true, estimated: false });
    const out = html(<PreviewCount applied={applied} stale={false} />, qc);
    expect(out).toContain("480,123 leads match");
    expect(out).toContain("77 of them blacklisted");
    expect(out).not.toContain("More than");
  });

  it("asks quick and exact counts of the same tree separately", () => {
    const inputs = previewInputs(applied);
    expect(inputs.quick).toEqual({ ...applied, count: "capped" });
    expect(inputs.exact).toEqual({ ...applied, count: "exact" });
    expect(segmentPreviewQuery(inputs.quick).queryKey).not.toEqual(segmentPreviewQuery(inputs.exact).queryKey);
  });
});
