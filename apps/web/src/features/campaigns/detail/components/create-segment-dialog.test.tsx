import { createTheme, ThemeProvider } from "@mui/material";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "react-hook-form";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { theme } from "../../../../app/theme";
import { audienceSegmentOptionsQuery } from "../../api/campaign-audience.api";
import { type CreateSegmentValues, newSegmentValues } from "../model/create-segment";
import { CreateSegmentDialog } from "./create-segment-dialog";
import { CreateSegmentFields } from "./create-segment-fields";

// A static render has no document to portal into: the dialog renders in place.
const inPlace = createTheme(theme, { components: { MuiDialog: { defaultProps: { disablePortal: true } } } });

const audiences = [
  { id: 7, name: "Everyone", parent_id: null },
  { id: 9, name: "Texas", parent_id: null },
];

const render = (node: React.ReactNode, picker: typeof audiences | null = audiences) => {
  const client = new QueryClient();
  if (picker) client.setQueryData(audienceSegmentOptionsQuery().queryKey, { data: picker, meta: {} } as never);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={inPlace}>
        <MemoryRouter initialEntries={["/u/1/campaigns/3"]}>{node}</MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
};

/** The Create button: whether it is disabled. */
const createDisabled = (html: string) => {
  const button = [...html.matchAll(/<button([^>]*)>((?:(?!<\/button>).)*)<\/button>/g)].find(
    (m) => m[2]!.includes(">Create<") || m[2] === "Create",
  );
  if (!button) throw new Error("no Create button");
  return button[1]!.includes("disabled");
};

function Fields({ values, channel = "email" }: { values: CreateSegmentValues; channel?: "sms" | "email" }) {
  const { control } = useForm<CreateSegmentValues, unknown, never>({ defaultValues: values });
  return <CreateSegmentFields control={control as never} audiences={audiences} channel={channel} />;
}

describe("CreateSegmentDialog", () => {
  it("is titled Create Segment, at most 496 px wide, with Create disabled until a status or engagement is chosen", () => {
    const html = render(<CreateSegmentDialog open campaignId={3} channel="sms" statusUpdating={false} onClose={() => {}} />);
    expect(html).toContain(">Create Segment<");
    expect(html).toContain("max-width:496px");
    expect(html).toContain("Audience");
    expect(html).toContain("Update dynamically");
    expect(html).toContain("SMS statuses");
    expect(html).toContain("Engagement");
    expect(html).toContain("Choose at least one SMS status or engagement.");
    expect(createDisabled(html)).toBe(true);
  });

  it("says so when the team has no audience yet", () => {
    const html = render(<CreateSegmentDialog open campaignId={3} channel="sms" statusUpdating={false} onClose={() => {}} />, []);
    expect(html).toContain("There is no audience yet");
    expect(createDisabled(html)).toBe(true);
  });

  it("waits for a running status update", () => {
    const html = render(<CreateSegmentDialog open campaignId={3} channel="sms" statusUpdating onClose={() => {}} />);
    expect(html).toContain("Wait until the status update is done.");
    expect(createDisabled(html)).toBe(true);
  });

  it("renders nothing while closed", () => {
    expect(
      render(<CreateSegmentDialog open={false} campaignId={3} channel="sms" statusUpdating={false} onClose={() => {}} />),
    ).not.toContain("Create Segment");
  });
});

describe("CreateSegmentFields", () => {
  it("shows the first audience picked, the switch on, and the picks as chips in the options' order", () => {
    const html = render(<Fields values={{ ...newSegmentValues(audiences), engagement: ["opened", "clicked"], sms_status: ["failed"] }} />);
    expect(html).toContain("Everyone");
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
    const chips = [...html.matchAll(/<span class="[^"]*MuiChip-label[^"]*">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(chips).toEqual(["Failed", "Opened", "Clicked"]);
  });

  it("names the channel's statuses: an email campaign's offer no carrier outcome, a text's no opens or bounces", () => {
    const email = render(<Fields values={newSegmentValues(audiences)} />);
    expect(email).toContain("Email statuses");
    expect(email).not.toContain("SMS statuses");
    const sms = render(<Fields values={newSegmentValues(audiences)} channel="sms" />);
    expect(sms).toContain("SMS statuses");
  });
});
