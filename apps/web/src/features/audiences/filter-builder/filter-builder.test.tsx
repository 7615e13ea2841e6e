import { EmptySegmentFilters, type SegmentFilters } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sourcesWithListsQuery } from "../../source-picker";
import { campaignNamesQuery, filterAttributesQuery } from "./api/filter-options.api";
import type { FilterOptions } from "./api/use-filter-options";
import { fieldChoices } from "./components/filter-row";
import { FilterBuilder, type FilterBuilderProps } from "./filter-builder";
import { addRow } from "./model/filter-tree";
import { valueEditor } from "./model/filter-values";

/** A cache as the pickers find it after loading: two sources with lists, two attributes, campaigns not there yet. */
function client(): QueryClient {
  const qc = new QueryClient();
  qc.setQueryData(sourcesWithListsQuery({ limit: 1000 }).queryKey, {
    data: [
      { id: 1, name: "Web", status: "active", lists: [{ id: 11, name: "Spring", status: "active", is_active: true }] },
      { id: 2, name: "Fair", status: "active", lists: [] },
    ],
  });
  qc.setQueryData(filterAttributesQuery().queryKey, [
    { id: 5, name: "Company", slug: "company", type: "string", sort_order: 0, is_system: false, created_at: "", updated_at: "" },
  ]);
  qc.setQueryData(campaignNamesQuery().queryKey, { available: false, campaigns: [] });
  return qc;
}

const render = (value: SegmentFilters, props: Partial<FilterBuilderProps> = {}) =>
  renderToStaticMarkup(
    <QueryClientProvider client={client()}>
      <FilterBuilder value={value} onChange={() => undefined} onApply={() => undefined} {...props} />
    </QueryClientProvider>,
  );

/** The opening tag of the button whose text is `label`, and whether it is disabled. */
function button(html: string, label: string): { disabled: boolean } {
  const tag = [...html.matchAll(/<button[^>]*>(?:(?!<\/button>).)*<\/button>/g)].map((m) => m[0]).find((b) => b.includes(`>${label}<`));
  if (!tag) throw new Error(`no "${label}" button`);
  return { disabled: /^<button[^>]*\sdisabled=""/.test(tag) };
}
const ADDS = ["Add data filter", "Add attribute", "Add system attribute", "Add campaign filter"];
const rowCount = (html: string) => html.match(/aria-label="Remove filter"/g)?.length ?? 0;

describe("FilterBuilder", () => {
  it("shows the four groups with enabled Add buttons and Apply on an empty tree", () => {
    const html = render(EmptySegmentFilters);
    for (const label of ["Data", "Attributes", "System Attributes", "Campaigns"]) expect(html).toContain(`aria-label="${label}"`);
    expect(ADDS.map((l) => button(html, l).disabled)).toEqual([false, false, false, false]);
    expect(button(html, "Apply").disabled).toBe(false);
    expect(rowCount(html)).toBe(0);
  });

  it("hides Apply without onApply and disables everything while disabled", () => {
    expect(render(EmptySegmentFilters, { onApply: undefined })).not.toContain(">Apply<");
    const html = render({ ...EmptySegmentFilters, data: [{ field: "source", expression: "equals", values: [1] }] }, { disabled: true });
    expect(ADDS.map((l) => button(html, l).disabled)).toEqual([true, true, true, true]);
    expect(button(html, "Apply").disabled).toBe(true);
  });

  it("an added row shows field and operator selects, and blocks every Add until it is complete", () => {
    const added = addRow(EmptySegmentFilters, "data").tree;
    const html = render(added);
    expect(rowCount(html)).toBe(1);
    expect(html).toContain(">Field<");
    expect(html).toContain(">Operator<");
    expect(ADDS.map((l) => button(html, l).disabled)).toEqual([true, true, true, true]);

    const done = render({ ...added, data: [{ field: "source", expression: "equals", values: [1] }] });
    expect(ADDS.map((l) => button(done, l).disabled)).toEqual([false, false, false, false]);
    expect(done).toContain(">Web<"); // the chosen source as a chip, named from the loaded options
  });

  it("shows the All/Any toggle only from two rows", () => {
    const one = { ...EmptySegmentFilters, attributes: [{ attribute_id: 5, expression: "equals", values: ["Acme"] }] };
    expect(render(one)).not.toContain("How the Attributes filters combine");
    const two = {
      ...one,
      attributes: [...one.attributes, { attribute_id: 5, expression: "empty", values: [] }],
      match: { attributes: "any" as const },
    };
    const html = render(two);
    expect(html).toContain('aria-label="How the Attributes filters combine"');
    expect(html).toMatch(/<button[^>]*value="any" aria-pressed="true"/);
    expect(html).toMatch(/<button[^>]*value="all" aria-pressed="false"/);
  });

  it("shows the server's errors under the matching row only", () => {
    const value: SegmentFilters = {
      ...EmptySegmentFilters,
      system_attributes: [
        { field: "city", expression: "in", values: ["Austin"] },
        { field: "revenue", expression: "between", values: [5, 1] },
      ],
    };
    const html = render(value, { errors: { "system_attributes.1.values": ["The lower bound must not exceed the upper."], name: ["x"] } });
    const rows = html.split(/aria-label="System Attributes filter \d"/).slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).not.toContain("The lower bound");
    expect(rows[1]).toMatch(/<p class="[^"]*Mui-error[^"]*"[^>]*>The lower bound must not exceed the upper.<\/p>/);
    expect(html).not.toContain(">x<");
  });

  it("shows chosen ids by their names and a custom range's dates by day", () => {
    const value: SegmentFilters = {
      ...EmptySegmentFilters,
      data: [
        { field: "list", expression: "equals", values: [11, 404] },
        { field: "created_at", expression: "custom_dates", values: [], date_from: "2026-01-05 00:00:00" },
      ],
    };
    const html = render(value);
    expect(html).toContain(">Spring<");
    expect(html).toContain(">#404 (not found)<"); // kept until the options are known to be complete, then pruned
    expect(html).toContain('value="2026-01-05"');
    expect(html).toContain(">Range<");
  });
});

describe("fieldChoices", () => {
  const options = { attribute: [{ value: 5, label: "Company" }] } as FilterOptions;
  const rows = [
    { field: "source", expression: "equals", values: [1] },
    { field: "created_at", expression: "all_time", values: [] },
    { field: "list", expression: "equals", values: [] },
  ];
  const disabled = (index: number) =>
    fieldChoices("data", rows, index, options)
      .filter((c) => c.disabled)
      .map((c) => c.value);

  it("disables Source and List in a data row once another row uses them, never the row's own", () => {
    expect(disabled(1)).toEqual(["source", "list"]);
    expect(disabled(0)).toEqual(["list"]);
    expect(disabled(2)).toEqual(["source"]);
  });

  it("offers the contract's fields, and the team's attributes for attribute rows", () => {
    expect(fieldChoices("data", [], 0, options).map((c) => c.label)).toEqual(["Source", "List", "Created date"]);
    expect(fieldChoices("system_attributes", [], 0, options)).toHaveLength(22);
    expect(fieldChoices("attributes", [], 0, options)).toEqual([{ value: 5, label: "Company" }]);
  });
});

describe("consent conditions", () => {
  const options = { attribute: [] } as unknown as FilterOptions;

  it("end the system fields, under the Consent heading", () => {
    const choices = fieldChoices("system_attributes", [], 0, options);
    expect(choices.slice(-4).map((c) => [c.value, c.group])).toEqual([
      ["consent_proof", "consent"],
      ["consent_certificate", "consent"],
      ["consent_captured_at", "consent"],
      ["rnd_result", "consent"],
    ]);
    expect(choices.slice(0, -4).every((c) => c.group === undefined)).toBe(true);
    expect(fieldChoices("data", [], 0, options).some((c) => c.group)).toBe(false);
  });

  it.each([
    [{ field: "consent_proof", expression: "has_proof", values: [] }, "none"],
    [{ field: "consent_proof", expression: "no_proof", values: [] }, "none"],
    [{ field: "consent_certificate", expression: "in", values: [] }, "options"],
    [{ field: "consent_captured_at", expression: "not_within_last_days", values: [] }, "days"],
    [{ field: "rnd_result", expression: "in", values: [] }, "options"],
  ] as const)("%j edits %s", (row, editor) => {
    expect(valueEditor("system_attributes", { ...row, values: [] })).toBe(editor);
  });

  it("shows a consent row's verdict choices and the heading in the field select", () => {
    const html = render({
      ...EmptySegmentFilters,
      system_attributes: [{ field: "consent_certificate", expression: "in", values: ["verified"] }],
    });
    expect(html).toContain("Consent certificate");
    expect(html).toContain("Verified");
  });
});
