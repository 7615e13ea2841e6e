import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormSessionContext } from "../../../components/form/form-session";
import type { KeywordRow } from "../api/keywords.api";
import { KeywordForm } from "./keyword-form";

const session = { close: () => undefined, titleId: "t", busy: { current: false } };

const render = (keyword?: KeywordRow) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <SnackbarProvider>
        <FormSessionContext.Provider value={session}>
          <KeywordForm entity={keyword} preset={undefined} extras={{}} />
        </FormSessionContext.Provider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );

describe("KeywordForm", () => {
  it("starts with All numbers, the Reply action and a required message with its counter", () => {
    const html = render();
    expect(html).toContain("Add New Keyword");
    expect(html).toContain("All numbers");
    expect(html).toContain("Reply");
    expect(html).toContain("Response message");
    expect(html).toContain("0 parts · 0 characters");
  });

  it("shows a trigger keyword's campaign select disabled until Campaigns exist", () => {
    const html = render({
      id: 5,
      name: "GO",
      values: { values: ["GO"], phones: ["*"] },
      is_system: false,
      gateway: null,
      response_message: "Hi",
      action: "trigger",
      list: null,
      double_opt_in: false,
      automation_campaign_id: null,
      created_at: "2026-01-01T00:00:00Z",
    });
    expect(html).toContain("Edit Keyword");
    expect(html).toContain("Trigger campaigns arrive with Campaigns");
    expect(html).toContain("Response message (optional)");
    expect(html).toContain("1 part · 2 characters");
  });
});
