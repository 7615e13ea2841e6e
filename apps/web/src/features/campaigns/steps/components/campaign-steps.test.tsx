import type { Campaign, CampaignStep } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { campaignStepKeys } from "../../api/campaign-steps.api";
import { campaignFixture } from "../../model/fixtures";
import { campaignStep } from "../model/fixtures";
import { CampaignSteps } from "./campaign-steps";

const campaign = campaignFixture;

/** Each button whose text holds `label`: whether it is disabled, in order. */
const buttons = (html: string, label: string) =>
  [...html.matchAll(/<button([^>]*)>((?:(?!<\/button>).)*)<\/button>/g)]
    .filter((m) => m[2]!.includes(label))
    .map((m) => m[1]!.includes("disabled"));

const render = (c: Campaign, steps?: CampaignStep[]) => {
  const client = new QueryClient();
  if (steps) client.setQueryData(campaignStepKeys.list(c.id), steps);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <CampaignSteps campaign={c} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
};

describe("CampaignSteps", () => {
  it("offers Add Step only while the campaign is a draft, and says how to begin", () => {
    const draft = render(campaign(), []);
    expect(draft).toContain(">Steps<");
    expect(draft).toContain("Add Step");
    expect(draft).toContain("No steps yet");
    const active = render(campaign({ status: "active" }), []);
    expect(active).not.toContain("Add Step");
    expect(active).toContain("Steps can be added only while the campaign is a draft.");
  });

  it("shows placeholders while the steps load", () => {
    expect(render(campaign())).toContain("MuiSkeleton");
  });

  it("shows an SMS step's delay, preview, parts, encoding and cost", () => {
    const html = render(campaign(), [
      campaignStep({
        name: "Intro",
        delay: 2,
        delay_time_period: "hours",
        delay_label: "2 hours",
        message: "Hi {{first_name}}",
        sms: { encoding: "GSM-7", characters: 161, parts: 2, exact: true },
      }),
    ]);
    expect(html).toContain("Step 1 · SMS · After 2 hours");
    expect(html).toContain("Hi {{first_name}}");
    expect(html).toContain("2 parts · GSM-7 · $0.0158");
    expect(buttons(html, "Test Sms")).toEqual([false]);
  });

  it("leaves the cost out while the campaign has no price, and disables a test without a message", () => {
    const html = render(campaign({ part_price: null }), [
      campaignStep({ message: "Hi", sms: { encoding: "UCS-2", characters: 2, parts: 1, exact: true } }),
      campaignStep({ id: 2, name: "Empty" }),
    ]);
    expect(html).toContain("1 part · UCS-2<");
    expect(html).toContain("No message yet");
    expect(buttons(html, "Test Sms")).toEqual([false, true]);
  });

  it("lists a split's parts, each with its own preview and cost", () => {
    const part = (id: number, message: string, parts: number) =>
      campaignStep({ id, parent_step_id: 5, message, sms: { encoding: "GSM-7", characters: 10, parts, exact: true } }) as Omit<
        CampaignStep,
        "steps"
      >;
    const html = render(campaign(), [
      campaignStep({ id: 5, type: "split", type_label: "Split", name: "A/B", steps: [part(6, "Offer one", 1), part(7, "Offer two", 3)] }),
    ]);
    expect(html).toContain("2 parts in this split");
    expect(html).toContain("Part A");
    expect(html).toContain("Part B");
    expect(html).toContain("Offer two");
    expect(html).toContain("3 parts · GSM-7 · $0.0237");
  });

  it("shows an email step's subject and price per email; Test Email only while draft", () => {
    const email = campaignStep({ type: "email", type_label: "Email", subject: "Big sale", message: "<p>Hello&nbsp;<b>there</b></p>" });
    const html = render(campaign({ type: "email", part_price: 0.001 }), [email]);
    expect(html).toContain("Big sale");
    expect(html).toContain("Hello there");
    expect(html).toContain("$0.001 per email");
    expect(buttons(html, "Test Email")).toEqual([false]);
    expect(buttons(render(campaign({ type: "email", status: "paused" }), [email]), "Test Email")).toEqual([true]);
  });

  it("says so for a step type it does not know", () => {
    const odd = campaignStep({ type: "fax" as CampaignStep["type"], type_label: "Fax" });
    expect(render(campaign(), [odd])).toContain("Undefined step type. Please call to developers.");
  });
});
