import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

const api = useApi();

/** A team with a draft SMS campaign made through the API, and a list to attach. */
async function campaign() {
  const t = await signedInTeam(api);
  const gateway = (
    await t.call("POST", "/api/gateways", {
      kind: "sms",
      type: "sandbox",
      name: "Sandbox",
      senders: { numbers: [{ number: "+12015550101" }] },
    })
  ).json().data as { id: number };
  const body = { name: "Spring sale", type: "sms", sender_type: "gateway", setting_gateway_id: gateway.id };
  const c = (await t.call("POST", "/api/campaigns", body)).json().data as { id: number };
  const source = await api.factory.source(t.ctx, { name: "Web" });
  const list = await api.factory.list(t.ctx, source.id, { name: "Signups" });
  return { t, c, body, list };
}

describe("campaign change log (Logs tab)", () => {
  it("lists what changed on the campaign, newest first, with who did it and the new values", async () => {
    const { t, c, body, list } = await campaign();
    await t.call("PUT", `/api/campaigns/${c.id}`, { ...body, name: "Summer sale" });
    await t.call("POST", `/api/campaigns/${c.id}/lists`, { ids: [list.id] });
    await t.call("POST", `/api/campaigns/${c.id}/campaign-steps`, { type: "sms", name: "Hello", message: "Hi" });
    await t.call("PUT", "/api/campaigns/batch-status", { ids: [c.id], status: "active" });

    const res = await t.call("GET", `/api/campaigns/${c.id}/campaign-logs`);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 5 });
    expect(data.map((e: { type: string }) => e.type)).toEqual(["status", "step_created", "audience", "updated", "created"]);
    const user = (t.user as { name: string }).name;
    expect(data[0]).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      type: "status",
      type_label: "Status changed",
      user,
      attributes: [{ name: "Status", value_to: "Active" }],
    });
    expect(data[2].attributes).toEqual([{ name: "Lists added", value_to: "Signups" }]);
    expect(data[3].attributes).toEqual([{ name: "Name", value_to: "Summer sale" }]);
  });

  it("pages by page and limit, and refuses a limit over 100", async () => {
    const { t, c, body } = await campaign();
    for (const name of ["A", "B", "C"]) await t.call("PUT", `/api/campaigns/${c.id}`, { ...body, name });
    const second = (await t.call("GET", `/api/campaigns/${c.id}/campaign-logs?page=2&limit=2`)).json();
    expect(second.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 4 });
    expect(second.data.map((e: { type: string; attributes: { value_to: string }[] }) => [e.type, e.attributes[0]?.value_to])).toEqual([
      ["updated", "A"],
      ["created", "Spring sale"],
    ]);
    expect((await t.call("GET", `/api/campaigns/${c.id}/campaign-logs?limit=101`)).statusCode).toBe(422);
  });

  it("answers 404 for another team's campaign", async () => {
    const { c } = await campaign();
    const other = await signedInTeam(api);
    expect((await other.call("GET", `/api/campaigns/${c.id}/campaign-logs`)).statusCode).toBe(404);
  });
});
