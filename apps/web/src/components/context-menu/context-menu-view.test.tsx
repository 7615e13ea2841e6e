import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { type ContextMenuItem, contextMenuStore } from "./context-menu";
import { ContextMenuToolbar } from "./context-menu-view";

const segmentActions: ContextMenuItem[] = [
  { key: "export", label: "Export as CSV" },
  { key: "edit", label: "Edit" },
  { key: "duplicate", label: "Duplicate", more: true },
  { key: "delete", label: "Delete", danger: true, more: true },
];

const toolbar = (items: ContextMenuItem[]) => {
  contextMenuStore.set("test", items);
  return renderToStaticMarkup(<ContextMenuToolbar />);
};

describe("ContextMenuToolbar", () => {
  afterEach(() => contextMenuStore.release("test"));

  it("shows the main actions as buttons and keeps the secondary ones in the More menu", () => {
    const out = toolbar(segmentActions);
    expect(out).toContain("Export as CSV");
    expect(out).toContain(">Edit<");
    expect(out).toContain('aria-label="More actions"');
    // The menu is closed: its items are not drawn.
    expect(out).not.toContain("Duplicate");
    expect(out).not.toContain("Delete");
  });

  it("has no More button when every action is a main one", () => {
    const out = toolbar(segmentActions.map(({ more, ...item }) => item));
    expect(out).toContain("Duplicate");
    expect(out).not.toContain("More actions");
  });
});
