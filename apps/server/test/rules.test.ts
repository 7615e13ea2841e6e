import type { Rule } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

const api = useApi();

const team = () => signedInTeam(api);

const coolOff = { type: 1, name: "SMS cool off", params: { period: 30 }, is_active: true, coverage: 1 };
const reset = { type: 4, name: "Morning reset", params: { frequency_count: 100, frequency_period: 1, reset_time: "9:00 am" } };
const increase = { type: 5, name: "Scale up", params: { profit_percent: 20, increase_percent: 10, max_frequency: 300 } };

describe("rules", () => {
  it("creates each type with its own params, in the answer's shape", async () => {
    const t = await team();
    const created = await t.call("POST", "/api/rules", coolOff);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      name: "SMS cool off",
      type: 1,
      type_label: "Sms Cool Off",
      is_active: true,
      coverage: 1,
      params: { period: 30 },
      created_at: expect.any(String),
    });
    // Reset and Increase Frequency are stored with coverage 1 whatever is sent; the time is stored as hh:mm AM/PM.
    const r = await t.call("POST", "/api/rules", { ...reset, coverage: 7 });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ type: 4, type_label: "Reset Frequency", coverage: 1, params: { reset_time: "09:00 AM" } });
    const i = await t.call("POST", "/api/rules", { ...increase, coverage: 3, is_active: false });
    expect(i.json()).toMatchObject({ type: 5, coverage: 1, is_active: false, params: increase.params });
    // Empty numbers are 0; params of another type are not kept.
    const empty = await t.call("POST", "/api/rules", { type: 2, name: "Inactive", params: { period: "", max_frequency: 5 } });
    expect(empty.json().params).toEqual({ period: 0 });
    const stored = await api.database.query<{ params: object; coverage: number }>("SELECT params, coverage FROM rules WHERE id = $1", [
      i.json().id,
    ]);
    expect(stored.rows[0]).toEqual({ params: increase.params, coverage: 1 });
  });

  it("refuses bad params with 422 on the field, and writes nothing", async () => {
    const t = await team();
    const cases: [object, string, string][] = [
      [{ ...coolOff, params: { period: -1 } }, "params.period", "The period may not be negative."],
      [{ ...coolOff, params: { period: 2.5 } }, "params.period", "The period must be a whole number."],
      [{ ...coolOff, params: { period: "soon" } }, "params.period", "The period must be a number."],
      [{ ...coolOff, params: { period: 600_000 } }, "params.period", "The period may not be greater than 525,600."],
      [
        { ...reset, params: { ...reset.params, reset_time: "13:00 PM" } },
        "params.reset_time",
        "The reset time must be in hh:mm AM/PM format, e.g. 09:00 AM.",
      ],
      [{ ...reset, params: { frequency_count: 5 } }, "params.reset_time", "The reset time field is required."],
      [{ ...coolOff, coverage: 2 }, "coverage", "The selected coverage is invalid."],
      [{ ...coolOff, type: 9 }, "type", "The selected type is invalid."],
      [{ name: "No type" }, "type", "The type field is required."],
      [{ ...coolOff, name: "  " }, "name", "The name field is required."],
    ];
    for (const [payload, field, message] of cases) {
      const res = await t.call("POST", "/api/rules", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[field], res.body).toContain(message);
    }
    const count = await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM rules WHERE team_id = $1", [t.ctx.teamId]);
    expect(count.rows[0]!.n).toBe(0);
  });

  it("edits a rule but never its type", async () => {
    const t = await team();
    const rule = (await t.call("POST", "/api/rules", reset)).json() as Rule;
    const edited = await t.call("PUT", `/api/rules/${rule.id}`, {
      type: 4,
      name: "Evening reset",
      is_active: false,
      params: { frequency_count: 50, frequency_period: 5, reset_time: "06:30 PM" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: "Evening reset",
      is_active: false,
      params: { frequency_count: 50, reset_time: "06:30 PM" },
    });
    const retyped = await t.call("PUT", `/api/rules/${rule.id}`, coolOff);
    expect(retyped.statusCode).toBe(422);
    expect(retyped.json().errors).toEqual({ type: ["The type of a rule cannot be changed."] });
    expect((await t.call("GET", `/api/rules/${rule.id}`)).json()).toMatchObject({ type: 4, name: "Evening reset" });
  });

  it("lists newest first, filters by type and active, pages by 50", async () => {
    const t = await team();
    const a = (await t.call("POST", "/api/rules", coolOff)).json() as Rule;
    const b = (await t.call("POST", "/api/rules", { ...coolOff, name: "Paused cool off", is_active: false })).json() as Rule;
    const c = (await t.call("POST", "/api/rules", increase)).json() as Rule;
    const all = await t.call("GET", "/api/rules");
    expect(all.json().meta).toEqual({ current_page: 1, last_page: 1, per_page: 50, total: 3 });
    expect(all.json().data.map((r: Rule) => r.id)).toEqual([c.id, b.id, a.id]);
    // The spelling with the slash.
    expect((await t.call("GET", "/api/rules/?type=1")).json().data.map((r: Rule) => r.id)).toEqual([b.id, a.id]);
    expect((await t.call("GET", "/api/rules?type=1&is_active=true")).json().data.map((r: Rule) => r.id)).toEqual([a.id]);
    expect((await t.call("GET", "/api/rules?is_active=0")).json().data.map((r: Rule) => r.id)).toEqual([b.id]);
    expect((await t.call("GET", "/api/rules?sort=name,asc&limit=2")).json().data.map((r: Rule) => r.name)).toEqual([
      "Paused cool off",
      "Scale up",
    ]);
    expect((await t.call("GET", "/api/rules?type=6")).statusCode).toBe(422);
    expect((await t.call("GET", "/api/rules?is_active=maybe")).statusCode).toBe(422);
    expect((await t.call("GET", "/api/rules?sort=params")).statusCode).toBe(422);
  });

  it("deletes a rule; another team's rule is a 404 everywhere", async () => {
    const a = await team();
    const b = await team();
    const rule = (await a.call("POST", "/api/rules", coolOff)).json() as Rule;
    for (const [method, payload] of [["GET"], ["PUT", coolOff], ["DELETE"]] as const) {
      const res = await b.call(method, `/api/rules/${rule.id}`, payload);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
      expect(res.json().message).toBe("Rule not found.");
    }
    expect((await b.call("GET", "/api/rules")).json().data).toEqual([]);
    expect((await a.call("GET", `/api/rules/${rule.id}`)).json()).toMatchObject({ name: "SMS cool off", params: { period: 30 } });
    expect((await a.call("DELETE", `/api/rules/${rule.id}`)).json()).toEqual({ message: "Rule has been deleted." });
    expect((await a.call("GET", `/api/rules/${rule.id}`)).statusCode).toBe(404);
    expect((await a.call("DELETE", `/api/rules/${rule.id}`)).statusCode).toBe(404);
  });
});
