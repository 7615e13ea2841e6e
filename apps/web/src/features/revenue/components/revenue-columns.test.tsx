import type { RevenueTracking } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { renderRows } from "../../../components/data-table/data-table.testkit";
import { type RevenueColumnsContext, revenueColumns } from "./revenue-columns";

const noop = () => undefined;
const context: RevenueColumnsContext = { onEdit: noop, onDelete: noop, onCopyUrl: noop, onShowSecret: noop };

const tracking: RevenueTracking = {
  id: 3,
  name: "Offer A",
  postback_url: "https://app.example/postback/AbC123?click_id={click_id}&amount={amount}",
  revenue: 1234.5,
  total_conversations: 1200,
};

const render = (rows: RevenueTracking[]) =>
  renderRows({ label: "Revenue Tracking", columns: revenueColumns, context, rows, emptyText: "No Trackings Found" });

describe("Revenue Tracking table", () => {
  it("shows the product's columns: name, the postback URL with its copy button, revenue and conversations", () => {
    const html = render([tracking]);
    for (const header of ["Name", "Postback", "Revenue", "Total conversations"]) expect(html).toContain(`>${header}<`);
    expect(html).toContain("https://app.example/postback/AbC123?click_id={click_id}&amp;amount={amount}");
    expect(html).toContain('aria-label="Copy the postback URL of Offer A"');
    expect(html).toContain("$1,234.50");
    expect(html).toContain("1,200");
    expect(html).toContain('aria-label="Actions for Offer A"');
  });

  it("has no search, paging or sorting, and says when there are none", () => {
    const html = render([]);
    expect(html).toContain("No Trackings Found");
    expect(html).not.toContain('type="search"');
    expect(html).not.toContain("Rows per page");
    expect(html).not.toContain("MuiTableSortLabel");
  });
});
