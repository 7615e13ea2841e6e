import type { CampaignPool, CampaignRoute, GatewaySenderOptions } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderRows } from "../../../components/data-table/data-table.testkit";
import { FormSessionContext } from "../../../components/form/form-session";
import { carrierGroupsQuery, senderOptionsQuery } from "../api/sender-options.api";
import { poolColumns } from "./pool-columns";
import { PoolForm } from "./pool-form";
import { routeColumns } from "./route-columns";
import { RouteForm } from "./route-form";

const noop = () => undefined;
const context = { onEdit: noop, onDelete: noop };
const sandbox = { gateway_id: 4, gateway_name: "Sandbox SMS", sender_type: "phone" as const };

const route: CampaignRoute = {
  id: 12,
  name: "Demo route",
  default: { ...sandbox, sender: "+12015550101", sender_name: "+12015550101", frequency: 60 },
  groups: [
    { ...sandbox, id: 1, group_id: 1, group: { id: 1, name: "AT&T" }, sender: "+12015550102", sender_name: "AT&T line", frequency: 30 },
    {
      ...sandbox,
      id: 2,
      group_id: 3,
      group: { id: 3, name: "Verizon" },
      sender: "+12015550103",
      sender_name: "+12015550103",
      frequency: 30,
    },
  ],
  estimated_frequency: 120,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
};

const pool: CampaignPool = {
  id: 5,
  name: "Demo pool",
  senders: [
    { ...sandbox, id: 8, sender: "+12015550104", sender_name: "+12015550104" },
    { id: 9, gateway_id: 6, gateway_name: "Twilio", sender_type: "pool", sender: "MG1", sender_name: "Marketing (MG1)" },
  ],
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
};

const gateways: GatewaySenderOptions[] = [
  {
    id: 4,
    name: "Sandbox SMS",
    type: "sandbox",
    type_alias: "Sandbox (test)",
    active: true,
    default: false,
    from: ["+12015550101", "+12015550102", "+12015550103", "+12015550104"].map((key) => ({ key, label: key })),
    pools: [],
  },
];

describe("Campaign Routes table", () => {
  const html = (rows: CampaignRoute[]) =>
    renderRows({ label: "Campaign Routes", columns: routeColumns, context, rows, emptyText: "No Routes Found" });

  it("shows the default, the estimate per minute and a chip per group with its details", () => {
    const out = html([route]);
    for (const header of ["ID", "Name", "Default", "Estimated frequency", "Groups"]) expect(out).toContain(`>${header}<`);
    expect(out).toContain("60 / min · Sandbox SMS");
    expect(out).toContain("+12015550101 · Phone");
    expect(out).toContain(">120 / min<");
    expect(out).toContain(
      'aria-label="AT&amp;T: Gateway: Sandbox SMS, Sender: AT&amp;T line (+12015550102), Type: Phone, Frequency: 30 / min"',
    );
    expect(out).toContain('aria-label="Edit Demo route"');
  });

  it("says Empty for a route without groups, and the product's text for no routes", () => {
    expect(html([{ ...route, groups: [] }])).toContain(">Empty<");
    expect(html([])).toContain("No Routes Found");
  });
});

describe("Campaign Pools table", () => {
  it("shows a chip per sender with gateway, sender and type", () => {
    const out = renderRows({ label: "Campaign Pools", columns: poolColumns, context, rows: [pool], emptyText: "No Pools Found" });
    for (const header of ["ID", "Name", "Senders"]) expect(out).toContain(`>${header}<`);
    expect(out).toContain('aria-label="Marketing (MG1): Gateway: Twilio, Sender: Marketing (MG1), Type: Pool"');
    expect(out).toContain(">+12015550104<");
  });
});

const session = { close: noop, titleId: "t", busy: { current: false } };
function withData(node: ReactNode, loaded = true) {
  const client = new QueryClient();
  if (loaded) {
    client.setQueryData(senderOptionsQuery().queryKey, { data: gateways });
    client.setQueryData(carrierGroupsQuery().queryKey, {
      data: {
        data: [
          { id: 1, name: "AT&T" },
          { id: 3, name: "Verizon" },
        ],
      },
    });
  }
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <FormSessionContext.Provider value={session}>{node}</FormSessionContext.Provider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

describe("route and pool dialogs", () => {
  it("edits a route with its groups and the live estimate", () => {
    const out = withData(<RouteForm entity={route} />);
    expect(out).toContain("Edit Route");
    expect(out).toContain('value="Demo route"');
    expect(out).toContain("Estimated frequency: 120 / min");
    expect(out).toContain('aria-label="Remove carrier group 2"');
    expect(out).toContain('value="AT&amp;T line"');
    // A name that is only its sender's label is edited as empty: the hint says what empty shows.
    expect(out).toContain('name="groups.1.sender_name" value=""');
    expect(out).toContain("Leave empty to show +12015550103");
    // Both carrier groups are in the route: another row adds a second sender to one of them.
    expect(out).not.toMatch(/<button[^>]*disabled[^>]*>.*Add carrier group/);
    expect(out).not.toContain("of this group");
  });

  it("shows each sender's share of a carrier group served by two", () => {
    const [att] = route.groups;
    const split = { ...route, groups: [att!, { ...att!, id: 3, sender: "+12015550104", sender_name: "", frequency: 10 }] };
    const out = withData(<RouteForm entity={split} />);
    expect(out).toContain("Takes 75% of this group&#x27;s leads");
    expect(out).toContain("Takes 25% of this group&#x27;s leads");
  });

  it("starts a new route on the first gateway, at 0 per minute", () => {
    const out = withData(<RouteForm entity={undefined} />);
    expect(out).toContain("Add New Route");
    // The chosen gateway by its name alone (the menu adds its type): a half-width select would cut the type off.
    expect(out).toMatch(/role="combobox"[^>]*>Sandbox SMS</);
    expect(out).toContain("Estimated frequency: 0 / min");
  });

  it("waits for the gateways before showing the form", () => {
    const out = withData(<RouteForm entity={undefined} />, false);
    expect(out).toContain("Add New Route");
    expect(out).toContain('aria-busy="true"');
    expect(out).not.toContain("Estimated frequency");
  });

  it("edits a pool sender by sender, keeping one the gateway no longer offers visible", () => {
    const out = withData(<PoolForm entity={pool} />);
    expect(out).toContain("Edit Pool");
    expect(out).toContain("Sender 2");
    expect(out).toContain('aria-label="Remove sender 1"');
    expect(out).toContain("Add sender");
    // The Twilio gateway of sender 2 is not offered any more: what is saved still shows, marked.
    expect(out).toContain("A gateway that is no longer active");
    expect(out).toContain("MG1 (no longer on the gateway)");
  });
});
