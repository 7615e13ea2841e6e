import { describe, expect, it } from "vitest";
import { GatewayTypes } from "./gateways";
import { RoutingFrequency, SenderGroupRoles, senderOptionsOf } from "./routing";

describe("senderOptionsOf", () => {
  it.each([
    [
      "gateway1 (Twilio): numbers are phones, Messaging Services pools",
      "gateway1",
      { numbers: [{ number: "+12125550100", type: "local" }], pools: [{ id: "MG1", name: "Marketing" }, { id: "MG2" }] },
      {
        from: [{ key: "+12125550100", label: "+12125550100" }],
        pools: [
          { key: "MG1", label: "Marketing (MG1)" },
          { key: "MG2", label: "MG2" },
        ],
      },
    ],
    [
      "gateway7 (MessageBird): sender names",
      "gateway7",
      { list: [{ name: "ACME" }] },
      { from: [{ key: "ACME", label: "ACME" }], pools: [] },
    ],
    [
      "gateway8 (Teli): the sender, labelled by its name",
      "gateway8",
      { list: [{ name: "Sales", number: "+13035550100" }] },
      { from: [{ key: "+13035550100", label: "Sales (+13035550100)" }], pools: [] },
    ],
    [
      "gateway9 (Commio): accounts are pools, their keys never shown",
      "gateway9",
      { list: [{ name: "Main", account_id: "a-1", api_key: "secret-key" }] },
      { from: [], pools: [{ key: "a-1", label: "Main (a-1)" }] },
    ],
    [
      "gateway10 (Telnyx): messaging profiles are pools",
      "gateway10",
      { list: [{ id: "P-9" }] },
      { from: [], pools: [{ key: "P-9", label: "P-9" }] },
    ],
    ["gateway11 (Vonage): no senders", "gateway11", { numbers: [{ number: "+1" }] }, { from: [], pools: [] }],
    [
      "gateway12 (Flowroute): DIDs and DID groups",
      "gateway12",
      { dids: [{ number: "+13035550101" }], did_groups: [{ id: "7", name: "Denver" }] },
      { from: [{ key: "+13035550101", label: "+13035550101" }], pools: [{ key: "7", label: "Denver (7)" }] },
    ],
    [
      "sandbox: numbers only, other groups ignored",
      "sandbox",
      { numbers: [{ number: "+12015550101" }], pools: [{ id: "X" }] },
      { from: [{ key: "+12015550101", label: "+12015550101" }], pools: [] },
    ],
    ["an unknown type has nothing", "fax", { numbers: [{ number: "+12015550101" }] }, { from: [], pools: [] }],
  ])("%s", (_, type, senders, expected) => {
    expect(senderOptionsOf(type, senders)).toEqual(expected);
  });

  it("skips blank keys, trims and offers a key once", () => {
    const senders = { numbers: [{ number: " +12015550101 " }, { number: "" }, {}, { number: "+12015550101" }] };
    expect(senderOptionsOf("sandbox", senders).from).toEqual([{ key: "+12015550101", label: "+12015550101" }]);
    expect(senderOptionsOf("sandbox", null)).toEqual({ from: [], pools: [] });
  });

  it("names a role for every SMS type's sender shape", () => {
    for (const info of Object.values(GatewayTypes.sms)) expect(SenderGroupRoles[info.senders]).toBeDefined();
  });
});

describe("RoutingFrequency", () => {
  it.each([
    ["", 0],
    [null, 0],
    [undefined, 0],
    [0, 0],
    ["60", 60],
    [100_000, 100_000],
  ])("%j → %j", (input, out) => {
    expect(RoutingFrequency.parse(input)).toBe(out);
  });
  it.each([[-1], [1.5], [100_001], ["ten"], [true]])("refuses %j", (input) => {
    expect(RoutingFrequency.safeParse(input).success).toBe(false);
  });
});
