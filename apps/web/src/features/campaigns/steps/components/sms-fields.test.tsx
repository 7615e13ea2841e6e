import type { SaveStep } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import type { StepEditorOptions } from "../../api/campaign-steps.api";
import { newStepValues, type StepFormValues } from "../model/step-form";
import { SmsFields } from "./sms-fields";

const options: StepEditorOptions = {
  attributes: [
    { id: 1, name: "First name", slug: "first_name", type: "string", sort_order: 0, is_system: false, created_at: "", updated_at: "" },
    { id: 2, name: "State", slug: "state", type: "string", sort_order: 1, is_system: false, created_at: "", updated_at: "" },
  ],
  shortDomains: [{ value: 4, label: "go.shop.io" }],
  shortDomainsLoaded: true,
  triggers: { twoFa: [], click: [{ value: 8, label: "Clickers" }], tmo: [] },
  emailGroups: undefined,
  emailSenders: undefined,
  emailSendersError: null,
  emailSendersLoading: false,
  error: null,
};

function Harness({ values }: { values: Partial<StepFormValues> }) {
  const form = useForm<StepFormValues, unknown, SaveStep>({ defaultValues: { ...newStepValues("sms"), ...values } });
  return <SmsFields form={form} prefix="" campaign={{ id: 1, part_price: 0.0079, setting_gateway_id: 1 }} options={options} first />;
}
const render = (values: Partial<StepFormValues>) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <Harness values={values} />
    </QueryClientProvider>,
  );

describe("SmsFields", () => {
  it("hides the link options while the message has no {{link}}", () => {
    const html = render({ message: "Hello there" });
    expect(html).not.toContain("Redirect to");
    expect(html).not.toContain("Expire link");
    expect(html).not.toContain("Tracking revenue");
    expect(html).toContain("Add the Link tag to the message");
  });

  it("shows them once it has one, with the trigger pickers and the team's short domains", () => {
    const html = render({ message: "Deal: {{link}}" });
    for (const label of ["Redirect to", "Short URL domain", "Expire link", "Expire after first click", "State filtering"])
      expect(html).toContain(label);
    for (const label of [
      "Block desktop traffic",
      "2FA link view",
      "Click trigger campaign",
      "T-Mobile limit trigger campaign",
      "Tracking revenue",
    ])
      expect(html).toContain(label);
    expect(html).not.toContain("Add the Link tag to the message");
  });

  it("shows an option's own fields only while it is on", () => {
    expect(render({ message: "{{link}}" })).not.toContain("Expire after (days)");
    const html = render({ message: "{{link}}", expire_link: true, is_filtering_state_phone_number: true });
    expect(html).toContain("Expire after (days)");
    expect(html).toContain("Redirect for expired");
    expect(html).toContain("State attribute");
  });

  it("offers the tag chips, the counter with its cost and the welcome message", () => {
    const html = render({ message: "a".repeat(161) });
    for (const chip of ["Link", "Source", "List", "Last 4 digits", "Random number", "Lead attributes"]) expect(html).toContain(`>${chip}<`);
    expect(html).toContain("161 characters · 2 parts · GSM-7 · $0.0158");
    expect(html).toContain("Welcome SMS");
  });

  it("warns before sending, each warning with Acknowledge, and keeps acknowledged ones quiet", () => {
    const html = render({ message: "Deals at bit.ly/x" });
    expect(html).toContain("does not say how to opt out");
    expect(html).toContain("public link shortener");
    expect(html.match(/>Acknowledge</g)).toHaveLength(2);
    const quiet = render({ message: "Deals at bit.ly/x", acknowledged_checks: ["opt_out"] });
    expect(quiet).not.toContain("does not say how to opt out");
    expect(quiet).toContain("1 warning acknowledged.");
  });
});
