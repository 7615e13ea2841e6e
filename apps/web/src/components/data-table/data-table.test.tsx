import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/i18n";
import { DataTable } from "./data-table";
import { settled } from "./data-table.testkit";
import { resolveColumns } from "./resolve-columns";
import type { Columns } from "./types";

interface Row {
  id: number;
  name: string;
}

const columns: Columns<Row, { suffix: string }, "name"> = [
  { key: "name", header: ({ t }) => t("table.columns"), sortKey: "name", render: (r, { suffix }) => `${r.name}${suffix}` },
  { key: "id", header: "ID" },
];

describe("resolveColumns", () => {
  it("binds headers and cells to the context and the language", () => {
    const [name, id] = resolveColumns(columns, { t, suffix: "!" });
    expect([name?.header, id?.header]).toEqual(["Columns", "ID"]);
    expect(name?.render?.({ id: 1, name: "Web" })).toBe("Web!");
    expect(id?.render).toBeUndefined();
  });
});

describe("DataTable without paging", () => {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <DataTable
        aria-label="Gateways"
        columns={columns}
        context={{ suffix: " (test)" }}
        query={settled({ data: [{ id: 7, name: "Sandbox" }] })}
        emptyText="None"
      />
    </MemoryRouter>,
  );

  it("shows the rows with the context's cells", () => {
    expect(html).toContain("Sandbox (test)");
    expect(html).toContain(">7<");
  });

  it("has no search, paging or sort: a short list fetched whole", () => {
    expect(html).not.toContain('type="search"');
    expect(html).not.toContain("Rows per page");
    expect(html).not.toContain("MuiTableSortLabel");
  });
});
