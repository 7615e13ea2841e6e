import type { Rule } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormSessionContext } from "../../../components/form/form-session";
import { RuleForm } from "./rule-form";

const session = { close: () => undefined, titleId: "t", busy: { current: false } };

const render = (rule?: Rule) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <SnackbarProvider>
        <FormSessionContext.Provider value={session}>
          <RuleForm entity={rule} preset={undefined} extras={{}} />
        </FormSessionContext.Provider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );

const reset: Rule = {
  id: 7,
  name: "Morning reset",
  type: 4,
  type_label: "Reset Frequency",
  is_active: true,
  coverage: 1,
  params: { frequency_count: 100, frequency_period: 1, reset_time: "09:00 AM" },
  created_at: "2026-01-01T00:00:00Z",
};

describe("RuleForm", () => {
  it("starts as an Sms Cool Off: period in minutes, its help, and the coverage select", () => {
    const html = render();
    expect(html).toContain("Add New Rule");
    expect(html).toContain("Period");
    expect(html).toContain(">minutes<");
    expect(html).toContain("No SMS goes to a phone within this many minutes");
    expect(html).toContain("Only my account");
    expect(html).not.toContain("The type of a saved rule cannot be changed.");
  });

  it("edits a Reset Frequency with its type fixed and no coverage select", () => {
    const html = render(reset);
    expect(html).toContain("Edit Rule");
    expect(html).toContain("The type of a saved rule cannot be changed.");
    expect(html).toContain('value="09:00 AM"');
    // A count per its period, not per minute.
    expect(html).toContain(">messages<");
    expect(html).not.toContain(">per minute<");
    expect(html).toContain("Every day at the reset time");
    expect(html).not.toContain("Coverage");
  });
});
