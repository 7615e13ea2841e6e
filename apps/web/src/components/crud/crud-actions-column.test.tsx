import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { t } from "../../lib/i18n";
import type { RowAction, RowActionsMenuProps } from "../row-actions/row-actions";
import { actionsMenuColumn, editDeleteButtonsColumn } from "./crud-actions-column";

interface Row {
  id: number;
  name: string;
  is_system: boolean;
}

const row: Row = { id: 4, name: "JOIN", is_system: false };
const context = () => ({ t, onEdit: vi.fn(), onDelete: vi.fn(), onShowSecret: vi.fn() });

describe("actionsMenuColumn", () => {
  const column = actionsMenuColumn<Row, ReturnType<typeof context>>({
    texts: { menu: "keywords.actionsFor", edit: "keywords.edit", delete: "keywords.delete" },
    locked: (r, c) => (r.is_system ? c.t("keywords.locked") : undefined),
    more: (r, c) => [{ key: "secret", label: c.t("revenue.showSecret"), icon: null, onClick: () => c.onShowSecret(r) }],
  });
  const menuOf = (r: Row, c: ReturnType<typeof context>) => (column.render!(r, c) as ReactElement<RowActionsMenuProps>).props;

  it("names the kebab after the row and puts the page's own items between Edit and Delete", () => {
    const c = context();
    const menu = menuOf(row, c);
    expect(menu.label).toBe("Actions for JOIN");
    expect(menu.lockedHint).toBeUndefined();
    expect(menu.actions.map((a) => a.label)).toEqual(["Edit", "Show signing secret", "Delete"]);
    expect(menu.actions.map((a) => !!a.danger)).toEqual([false, false, true]);
    for (const a of menu.actions) a.onClick();
    expect(c.onEdit).toHaveBeenCalledWith(row);
    expect(c.onShowSecret).toHaveBeenCalledWith(row);
    expect(c.onDelete).toHaveBeenCalledWith(row);
  });

  it("locks a row the page says is locked, with the reason", () => {
    expect(menuOf({ ...row, is_system: true }, context()).lockedHint).toBe("System keywords cannot be changed.");
  });

  it("is the table's last, unnamed column that the chooser leaves alone", () => {
    expect(column).toMatchObject({ key: "actions", header: "", align: "right", hideable: false, width: 56 });
  });
});

describe("editDeleteButtonsColumn", () => {
  it("draws Edit and Delete buttons named after the row, each acting on it", () => {
    const c = context();
    const column = editDeleteButtonsColumn<Row, ReturnType<typeof context>>({ edit: "rules.edit", delete: "rules.delete" });
    const html = renderToStaticMarkup(column.render!(row, c));
    expect(html).toContain('aria-label="Edit JOIN"');
    expect(html).toContain('aria-label="Delete JOIN"');
    const actions = (column.render!(row, c) as ReactElement<{ actions: RowAction[] }>).props.actions;
    for (const a of actions) a.onClick();
    expect(c.onEdit).toHaveBeenCalledWith(row);
    expect(c.onDelete).toHaveBeenCalledWith(row);
  });
});
