import type { TeamMessaging } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { teamMessagingQuery } from "../api/keywords.api";
import { MessagingCard } from "./messaging-card";

const templates = {
  stop: "{{brand}}: You are unsubscribed and will get no more messages. Reply START to resubscribe.",
  start: "{{brand}}: You are resubscribed. Reply HELP for help, STOP to opt out.",
  help: "{{brand}}: Help at {{contact}}. Msg&data rates may apply. Reply STOP to opt out.",
};

const render = (messaging?: TeamMessaging) => {
  const client = new QueryClient();
  if (messaging) client.setQueryData(teamMessagingQuery().queryKey, messaging);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <MessagingCard />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
};

// The markup escapes an apostrophe and an ampersand.
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");

describe("MessagingCard", () => {
  it("shows a loading state until the answers arrive", () => {
    const markup = render();
    expect(markup).toContain("Opt-out and help answers");
    expect(markup).toContain('aria-busy="true"');
    expect(markup).not.toContain("Brand name");
  });

  it("shows the fields with their hints and the three answers as they will be sent, with their length", () => {
    const markup = render({
      brand_name: "Acme",
      help_contact: "+1 212 555 0100",
      stop_preview: "",
      help_preview: "",
      start_preview: "",
      default_brand: "Jo's team",
      default_contact: "jo@acme.test",
      templates,
    });
    expect(markup).toContain("Brand name");
    expect(markup).toContain("Carriers ask that every STOP and HELP answer names who is texting.");
    expect(markup).toContain("Help contact");
    expect(markup).toContain("A phone, email or web address people can reach you at.");
    expect(markup).toContain('value="Acme"');
    expect(markup).toContain(html("Acme: You are unsubscribed and will get no more messages. Reply START to resubscribe."));
    expect(markup).toContain("1 part · 85 characters");
    expect(markup).toContain(html("Acme: Help at +1 212 555 0100. Msg&data rates may apply. Reply STOP to opt out."));
    expect(markup).toContain("Acme: You are resubscribed. Reply HELP for help, STOP to opt out.");
    expect(markup).toContain("Save");
  });

  it("previews the team's defaults, and says so when the team's name is cut to fit and an answer is off", () => {
    const long = "Springfield Flowers Gifts Balloons Party Supplies & Cards Delivered Daily, Every Day Of The Week";
    const markup = render({
      brand_name: null,
      help_contact: null,
      stop_preview: "",
      help_preview: "",
      start_preview: "",
      default_brand: long,
      default_contact: null,
      templates: { ...templates, start: "" },
    });
    expect(markup).toContain(html("Springfield Flowers Gifts Balloons Party Supplies & Cards Delivered Daily: You are unsubscribed"));
    expect(markup).toContain(html("The brand is cut to “Springfield Flowers Gifts Balloons Party Supplies & Cards Delivered Daily”"));
    expect(markup).toContain("Not sent: this answer is turned off.");
    expect(markup).not.toContain("Help at");
  });
});
