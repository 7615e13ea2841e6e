import { SaveShortUrlDomain } from "@leadflow/contracts";
import { createTheme, ThemeProvider } from "@mui/material";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "../../../app/theme";
import { EntityFormDialog } from "../../../components/form/entity-form-dialog";
import type { ShortUrlDomainRow } from "../api/short-urls.api";
import { ShortUrlForm } from "./short-url-form";

const domain: ShortUrlDomainRow = {
  id: 7,
  name: "go.brand.com",
  url: "go.brand.com",
  access: "enabled",
  redirect_to: "https://brand.com/",
  filter_redirect: null,
  state_filter_redirect: null,
  expired_redirect: "https://brand.com/offer-ended",
  sort_order: 0,
  https_enabled: false,
  dns: { checked_at: null, addresses: [], ok: false },
};

const extras = {
  hasAccess: true,
  linkHost: "app.leadflow.io",
  nextSortOrder: 0,
  pendingId: undefined,
  onCheckDns: () => undefined,
  onEnableHttps: () => undefined,
};

// A static render has no document to portal into: the dialog renders in place.
const inPlace = createTheme(theme, { components: { MuiDialog: { defaultProps: { disablePortal: true } } } });

const render = (entity: ShortUrlDomainRow | undefined) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={inPlace}>
        <SnackbarProvider>
          <MemoryRouter>
            <EntityFormDialog open onClose={() => undefined} entity={entity}>
              {(e) => <ShortUrlForm entity={e} preset={undefined} extras={extras} />}
            </EntityFormDialog>
          </MemoryRouter>
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );

describe("ShortUrlForm: the expired-link fallback", () => {
  it("shows the domain's fallback for expired links, and says what happens without one", () => {
    const html = render(domain);
    expect(html).toContain("Expired link redirect");
    expect(html).toContain('value="https://brand.com/offer-ended"');
    expect(html).toContain("a page in your brand saying the link has expired");
  });

  it("validates it as the server does: a full http(s) address, or empty for none", () => {
    const parse = (expired_redirect: string) => SaveShortUrlDomain.safeParse({ url: "go.brand.com", expired_redirect });
    expect(parse("").data?.expired_redirect).toBeNull();
    expect(parse("https://brand.com/x").success).toBe(true);
    const bad = parse("brand.com/x");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ["expired_redirect"],
      message: "Enter a full address starting with https:// or http://.",
    });
  });
});
