import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AccountProvider, useAccountPath } from "./account-context";

function Link({ to }: { to: string }) {
  const p = useAccountPath();
  return <a href={p(to)}>x</a>;
}

const html = (path: string, provided?: number) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      {provided === undefined ? (
        <Link to="sources/3" />
      ) : (
        <AccountProvider index={provided}>
          <Link to="/sources/3" />
        </AccountProvider>
      )}
    </MemoryRouter>,
  );

describe("the account context", () => {
  it("gives the paths of the account its layout provides", () => {
    expect(html("/u/2/leads", 2)).toContain('href="/u/2/sources/3"');
    // The provider, not the location, decides: the layout resolved the account once for every screen under it.
    expect(html("/change-password", 4)).toContain('href="/u/4/sources/3"');
  });

  it("outside a provider, follows the account the location names", () => {
    expect(html("/u/5/campaigns")).toContain('href="/u/5/sources/3"');
  });

  it("keeps a full account path as it is", () => {
    expect(
      renderToStaticMarkup(
        <AccountProvider index={0}>
          <Link to="/u/1/leads" />
        </AccountProvider>,
      ),
    ).toContain('href="/u/1/leads"');
  });
});
