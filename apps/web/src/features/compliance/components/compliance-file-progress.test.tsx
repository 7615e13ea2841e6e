import { type ComplianceFile, ExportStatuses } from "@leadflow/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { isComplianceRunning } from "../api/compliance.api";
import { ComplianceFileProgress } from "./compliance-file-progress";

const file = (over: Partial<ComplianceFile>): ComplianceFile => ({
  id: 4,
  filename: "compliance-4.zip",
  url: null,
  status: ExportStatuses.in_progress,
  status_label: "In progress",
  total_leads: 200,
  completed_leads: 50,
  error: null,
  created_at: "2026-03-02T09:00:00Z",
  ...over,
});

describe("ComplianceFileProgress", () => {
  it("counts the leads written while in progress", () => {
    const html = renderToStaticMarkup(<ComplianceFileProgress file={file({})} />);
    expect(html).toContain("50 of 200 leads");
    expect(html).toContain('aria-valuenow="25"');
  });

  it("offers the download once completed", () => {
    const html = renderToStaticMarkup(
      <ComplianceFileProgress file={file({ status: ExportStatuses.completed, url: "/api/compliance-files/4/download?token=t" })} />,
    );
    expect(html).toContain('href="/api/compliance-files/4/download?token=t"');
    expect(html).toContain("The file is ready.");
  });

  it("says why a file failed", () => {
    const html = renderToStaticMarkup(<ComplianceFileProgress file={file({ status: ExportStatuses.failed, error: "Disk full" })} />);
    expect(html).toContain("The file could not be written: Disk full");
  });

  it("is running while new or in progress only", () => {
    expect([1, 2, 3, 4].map((status) => isComplianceRunning({ status }))).toEqual([true, true, false, false]);
  });
});
