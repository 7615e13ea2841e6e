import type { LeadLogEntry } from "@leadflow/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InlineValueField } from "./inline-value-field";
import { TimelineEntry } from "./timeline-entry";

const evil = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;

describe("values with markup show as text", () => {
  it("in a value field", () => {
    const html = renderToStaticMarkup(<InlineValueField value={evil} label="Name" onSave={async () => undefined} />);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
  });

  it("in a timeline entry", () => {
    const entry: LeadLogEntry = {
      id: "1",
      type: "update",
      action: evil,
      created_at: "2026-01-05T14:07:00Z",
      filename: evil,
      diff_log: [{ lead_attribute_name: evil, lead_attribute_value: null, action: "updated", value_from: evil, value_to: "ok" }],
    };
    const html = renderToStaticMarkup(<TimelineEntry entry={entry} />);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html.match(/&lt;script&gt;/g)?.length).toBe(4);
  });
});
