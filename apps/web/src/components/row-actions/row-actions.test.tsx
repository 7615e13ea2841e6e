import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type RowAction, RowActionsMenu } from "./row-actions";

describe("RowActionsMenu", () => {
  const button = (html: string) => html.match(/<button[^>]*aria-label="Actions for JOIN"[^>]*>/)?.[0] ?? "";
  const actions: RowAction[] = [{ key: "edit", label: "Edit", icon: null, onClick: () => undefined }];

  it("is a closed kebab, open to a row that is not locked", () => {
    const html = renderToStaticMarkup(<RowActionsMenu label="Actions for JOIN" actions={actions} />);
    expect(button(html)).toContain('aria-haspopup="menu"');
    expect(button(html)).not.toContain("disabled");
    expect(html).not.toContain('role="menu"');
  });

  it("is disabled while locked or busy, with a spinner while busy", () => {
    expect(button(renderToStaticMarkup(<RowActionsMenu label="Actions for JOIN" actions={actions} lockedHint="Locked" />))).toContain(
      "disabled",
    );
    const busy = renderToStaticMarkup(<RowActionsMenu label="Actions for JOIN" actions={actions} busy />);
    expect(button(busy)).toContain("disabled");
    expect(busy).toContain("MuiCircularProgress");
  });
});
