import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { RouteTabs, type TabRoute } from "./route-tabs";

const Blank = () => null;
const page = async () => ({ Component: Blank });
const tabs: TabRoute[] = [
  { path: "", label: "settings.systemAttributes", lazy: page },
  { path: "import-history", label: "settings.importHistory", lazy: page },
  { path: "import-history/:fileId", label: "settings.importHistory", visible: false, lazy: page },
  { path: "download-file", label: "settings.downloadFile", visible: false, lazy: page },
];

/** The label of the lit tab, and every tab's label and link, at `path`. */
function render(path: string) {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <RouteTabs tabs={tabs} base="/u/0/settings" label="Settings" scrollable />
    </MemoryRouter>,
  );
  const drawn = [...html.matchAll(/<a[^>]*aria-selected="(true|false)"[^>]*href="([^"]*)"[^>]*>.*?([A-Z][A-Za-z ]+)</g)].map(
    ([, selected, href, label]) => ({ selected: selected === "true", href, label }),
  );
  return { lit: drawn.filter((d) => d.selected).map((d) => d.label), drawn };
}

describe("RouteTabs", () => {
  it("draws the visible tabs only, each linking below the base", () => {
    expect(render("/u/0/settings").drawn.map(({ label, href }) => [label, href])).toEqual([
      ["System Attributes", "/u/0/settings"],
      ["Import History", "/u/0/settings/import-history"],
    ]);
  });

  it("lights the tab of the path's first segment, the index tab at the base", () => {
    expect(render("/u/0/settings").lit).toEqual(["System Attributes"]);
    expect(render("/u/0/settings/import-history").lit).toEqual(["Import History"]);
    expect(render("/u/0/settings/import-history/12").lit).toEqual(["Import History"]);
  });

  it("lights none on a page without a tab", () => {
    expect(render("/u/0/settings/download-file").lit).toEqual([]);
  });
});
