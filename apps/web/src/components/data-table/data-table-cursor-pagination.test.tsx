import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTableCursorPagination } from "./data-table-cursor-pagination";

const render = (cursor: string | null, prev: string | null, next: string | null, estimate = false) =>
  renderToStaticMarkup(
    <DataTableCursorPagination
      meta={{ total: 1234, total_is_estimate: estimate, prev_cursor: prev, next_cursor: next }}
      cursor={cursor}
      limit={50}
      pageSizes={[15, 50, 100]}
      countLabel={(n) => `${n.toLocaleString("en-US")} leads`}
      onMove={() => undefined}
      onLimitChange={() => undefined}
    />,
  );

/** Whether the button named `label` is disabled in the markup. */
const disabled = (html: string, label: string) => {
  const tag = html.match(new RegExp(`<button[^>]*aria-label="${label}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no ${label} button`);
  return /\sdisabled=""/.test(tag);
};

describe("DataTableCursorPagination", () => {
  it("on the first page offers only Next, and shows the match count", () => {
    const html = render(null, null, "n1");
    expect([disabled(html, "First page"), disabled(html, "Previous page"), disabled(html, "Next page")]).toEqual([true, true, false]);
    expect(html).toContain("1,234 leads");
  });

  it("in the middle every button moves; on the last page Next stops", () => {
    const middle = render("c2", "p1", "n3");
    expect([disabled(middle, "First page"), disabled(middle, "Previous page"), disabled(middle, "Next page")]).toEqual([
      false,
      false,
      false,
    ]);
    const last = render("c9", "p8", null);
    expect(disabled(last, "Next page")).toBe(true);
    expect(disabled(last, "Previous page")).toBe(false);
  });

  it("says 'About' when the total is the planner's estimate", () => {
    expect(render(null, null, null, true)).toContain("About 1,234 leads");
  });
});
