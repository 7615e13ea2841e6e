import type { PlanList, TeamPlan } from "@leadflow/contracts";
import { DEMO_EMAIL, seedDemo, setTeamPlan } from "@leadflow/domain";
import { describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/cli/admin-commands";
import { type Api, useApi } from "./helpers";
import { importHelpers } from "./imports-helpers";

/** Plans and their limits: the price list, a team's plan and usage, and where limits hold. */
const api = useApi();

type Team = Awaited<ReturnType<Api["factory"]["team"]>>;
const call = (t: Team, method: "GET" | "POST", url: string, payload?: object) =>
  api.app.inject({ method, url, headers: api.auth(t.token), ...(payload ? { payload } : {}) });
const count = async (text: string, params: unknown[]) => Number((await api.database.query<{ n: string }>(text, params)).rows[0]!.n);
const planOf = async (t: Team) => (await call(t, "GET", "/api/plan")).json() as TeamPlan;
/** Bare leads straight into the table: a team near its lead limit without importing a thousand rows. */
const addBareLeads = (teamId: number, n: number) =>
  api.database.query("INSERT INTO leads (team_id, status) SELECT $1, 1 FROM generate_series(1, $2::int)", [teamId, n]);

describe("the price list and the team's plan", () => {
  it("lists the six plans, cheapest first, with their limits in UAH", async () => {
    const t = await api.factory.team({ plan: "trial" });
    const res = await call(t, "GET", "/api/plans");
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as PlanList;
    expect(data.map((p) => p.name)).toEqual(["Trial", "Starter Pack", "Starter", "Standard", "Premium", "Enterprise"]);
    expect(data.find((p) => p.key === "standard")).toMatchObject({ price_uah: 3999, limits: { leads: 250000, sources: 100 } });
    expect(data.at(-1)!.limits).toMatchObject({ leads: null, audiences: null, sources: null, lists: null });
  });

  it("answers the team's plan, its limits and what it uses, counting audiences but not their segments", async () => {
    const t = await api.factory.team({ plan: "trial" });
    expect(await planOf(t)).toEqual({
      plan: {
        key: "trial",
        name: "Trial",
        price_uah: 0,
        limits: { leads: 1000, audiences: 3, sources: 3, lists: 10, free_sms: 50, alpha_names: 0, manage_short_url_domains: false },
      },
      usage: { leads: 0, audiences: 0, sources: 0, lists: 0, free_sms_left: 50 },
    });
    const source = await api.factory.source(t.ctx);
    await api.factory.list(t.ctx, source.id);
    await api.factory.list(t.ctx, source.id);
    const audience = (await call(t, "POST", "/api/segments", { name: "Buyers" })).json().data as { id: number };
    expect((await call(t, "POST", "/api/segments", { name: "Child", parent_id: audience.id })).statusCode).toBe(201);
    await addBareLeads(t.ctx.teamId, 7);
    expect((await planOf(t)).usage).toEqual({ leads: 7, audiences: 1, sources: 1, lists: 2, free_sms_left: 50 });
  });
});

describe("limits on what a team creates", () => {
  it("refuses the 4th source on Trial with the limit, writes nothing, and takes one again after a delete", async () => {
    const t = await api.factory.team({ plan: "trial" });
    const made = [];
    for (const name of ["A", "B", "C"]) made.push((await call(t, "POST", "/api/sources", { name })).json() as { id: number });
    const fourth = await call(t, "POST", "/api/sources", { name: "D" });
    expect(fourth.statusCode).toBe(422);
    const message = "Your Trial plan allows 3 sources. Upgrade your plan to add more.";
    expect(fourth.json()).toEqual({ message, errors: { plan: [message] }, detail: { kind: "sources", limit: 3, plan: "trial" } });
    expect(await count("SELECT count(*) AS n FROM sources WHERE team_id = $1", [t.ctx.teamId])).toBe(3);

    await api.app.inject({ method: "DELETE", url: `/api/sources/${made[0]!.id}`, headers: api.auth(t.token) });
    expect((await call(t, "POST", "/api/sources", { name: "D" })).statusCode).toBe(201);
  });

  it("lets only one of several sources sent together past the last free place", async () => {
    const t = await api.factory.team({ plan: "trial" });
    await api.factory.source(t.ctx);
    await api.factory.source(t.ctx);
    const answers = await Promise.all([1, 2, 3, 4].map((i) => call(t, "POST", "/api/sources", { name: `Together ${i}` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422]);
    expect(await count("SELECT count(*) AS n FROM sources WHERE team_id = $1", [t.ctx.teamId])).toBe(3);
  });

  it("counts lists across all the team's sources", async () => {
    const t = await api.factory.team({ plan: "trial" });
    const [s1, s2] = [await api.factory.source(t.ctx), await api.factory.source(t.ctx)];
    for (let i = 0; i < 10; i++) await api.factory.list(t.ctx, i < 5 ? s1.id : s2.id);
    const res = await call(t, "POST", `/api/sources/${s2.id}/lists`, { name: "Eleventh" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: "Your Trial plan allows 10 lists. Upgrade your plan to add more.", detail: { limit: 10 } });
    expect(await count("SELECT count(*) AS n FROM lists WHERE team_id = $1", [t.ctx.teamId])).toBe(10);
    // Another team's source is still a 404 first, whatever the plan.
    const other = await api.factory.team();
    const foreign = await api.factory.source(other.ctx);
    expect((await call(t, "POST", `/api/sources/${foreign.id}/lists`, { name: "X" })).statusCode).toBe(404);
  });

  it("limits audiences (new and duplicated) but not the segments inside them", async () => {
    const t = await api.factory.team({ plan: "trial" });
    const ids: number[] = [];
    for (const name of ["One", "Two", "Three"]) ids.push((await call(t, "POST", "/api/segments", { name })).json().data.id);
    const fourth = await call(t, "POST", "/api/segments", { name: "Four" });
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().message).toBe("Your Trial plan allows 3 audiences. Upgrade your plan to add more.");
    const clone = await call(t, "POST", `/api/segments/${ids[0]}/clone`, { name: "Copy" });
    expect(clone.statusCode).toBe(422);

    const child = await call(t, "POST", "/api/segments", { name: "Inner", parent_id: ids[0] });
    expect(child.statusCode).toBe(201);
    expect((await call(t, "POST", `/api/segments/${child.json().data.id}/clone`, { name: "Inner copy" })).statusCode).toBe(201);
    expect(await count("SELECT count(*) AS n FROM segments WHERE team_id = $1 AND parent_id IS NULL", [t.ctx.teamId])).toBe(3);
  });

  it("holds a team moved to a smaller plan to it from its next create, keeping what it has", async () => {
    const t = await api.factory.team({ plan: "starter_pack" });
    for (let i = 0; i < 4; i++) await api.factory.source(t.ctx);
    await setTeamPlan(api.db, t.ctx.teamId, "trial");
    expect((await call(t, "POST", "/api/sources", { name: "Fifth" })).statusCode).toBe(422);
    expect((await planOf(t)).usage.sources).toBe(4);
  });
});

describe("the lead limit in imports", () => {
  it("imports 15 rows into a team with room for 10: creates 10, reports 5 with the reason, and still merges known leads", async () => {
    const im = importHelpers(api);
    const t = await api.factory.team({ plan: "trial" });
    const source = await api.factory.source(t.ctx);
    const list = await api.factory.list(t.ctx, source.id);
    await im.start(t.token, list.id, "known.csv", "Phone\n2124561001\n2124561002\n", {});
    await im.runQueued();
    await addBareLeads(t.ctx.teamId, 988);

    const rows = ["2124561001", "2124561002", ...Array.from({ length: 15 }, (_, i) => `21245620${String(i).padStart(2, "0")}`)];
    const id = await im.start(t.token, list.id, "more.csv", `Phone\n${rows.join("\n")}\n`, {});
    await im.runQueued({ batchRows: 4 });

    const record = (
      await api.database.query<{ status: string; unique_count: number; duplicates_count: number; failed_count: number }>(
        "SELECT status, unique_count, duplicates_count, failed_count FROM imports WHERE id = $1",
        [id],
      )
    ).rows[0]!;
    expect(record).toEqual({ status: "completed", unique_count: 10, duplicates_count: 2, failed_count: 5 });
    expect(await count("SELECT count(*) AS n FROM leads WHERE team_id = $1", [t.ctx.teamId])).toBe(1000);

    const history = (await call(t, "GET", `/api/import-files/${id}/history`)).json().data as {
      line: number;
      status: string;
      failed_reason: string;
      failed_reason_label: string;
      phone: string;
    }[];
    expect(history.map((h) => h.line)).toEqual([13, 14, 15, 16, 17]);
    for (const h of history) {
      expect(h).toMatchObject({
        status: "failed",
        failed_reason: "plan_lead_limit",
        failed_reason_label: "Plan lead limit reached (1,000 leads)",
      });
    }
    expect(history[0]!.phone).toBe("2124562010");
  });

  it("answers the public API per lead: a group of rows makes one lead, leads past the limit fail, known ones merge", async () => {
    const t = await api.factory.team({ plan: "trial" });
    const source = await api.factory.source(t.ctx);
    const list = await api.factory.list(t.ctx, source.id);
    const key = (await call(t, "POST", "/api/import-lists", { name: "Form", source_id: source.id, list_id: list.id })).json().data
      .api_key as string;
    const lead = (phone: string, email?: string) => ({
      attributes: [
        { type: "phone", attribute: "Phone", value: phone },
        ...(email ? [{ type: "email", attribute: "Email", value: email }] : []),
      ],
    });
    const push = (leads: object[]) => api.app.inject({ method: "POST", url: `/api/import/lead?api_key=${key}`, payload: { leads } });

    expect((await push([lead("2124563000")])).statusCode).toBe(200);
    await addBareLeads(t.ctx.teamId, 997);
    const res = await push([
      lead("2124563000"),
      lead("2124563001"),
      lead("2124563001", "same-person@example.com"),
      lead("2124563002"),
      lead("2124563003"),
    ]);
    expect(res.statusCode).toBe(200);
    const out = res.json().data as {
      created: number;
      failed: number;
      leads: { status: string; reason: string | null; message: string | null }[];
    };
    expect(out.leads.map((l) => l.status)).toEqual(["merged", "created", "merged", "created", "failed"]);
    expect(out.leads[4]).toMatchObject({ reason: "plan_lead_limit", message: "Plan lead limit reached (1,000 leads)" });
    expect(await count("SELECT count(*) AS n FROM leads WHERE team_id = $1", [t.ctx.teamId])).toBe(1000);

    const full = await push([lead("2124563004")]);
    expect(full.statusCode).toBe(422);
    expect(full.json().errors).toEqual({ "leads.0.attributes": ["Plan lead limit reached (1,000 leads)"] });
    expect((await push([lead("2124563002")])).json().data.leads[0].status).toBe("merged");
  });
});

describe("which plan a team gets", () => {
  const registration = (email: string) => ({
    name: "Paula Plan",
    email,
    phone_number: "+15551234567",
    industry: 2,
    password: "Secret#123",
    password_confirmation: "Secret#123",
  });
  const teamPlanKey = async (email: string) =>
    (
      await api.database.query<{ plan_key: string; free_sms: number }>(
        "SELECT t.plan_key, b.free_sms FROM users u JOIN teams t ON t.id = u.team_id JOIN team_balances b ON b.team_id = t.id WHERE u.email = $1",
        [email],
      )
    ).rows[0];

  it("puts a registration on the default plan (Trial unless set), an operator's own team on Enterprise, the demo on Standard", async () => {
    const first = `plan-a-${Date.now()}@example.test`;
    expect((await api.app.inject({ method: "POST", url: "/api/signup", payload: registration(first) })).statusCode).toBe(201);
    expect(await teamPlanKey(first)).toEqual({ plan_key: "trial", free_sms: 50 });

    expect(await runAdminCommand(api.database, { name: "settings.default-plan", plan: "starter" })).toBe(
      "New registrations get the Starter plan.",
    );
    try {
      const second = `plan-b-${Date.now()}@example.test`;
      await api.app.inject({ method: "POST", url: "/api/signup", payload: registration(second) });
      expect(await teamPlanKey(second)).toEqual({ plan_key: "starter", free_sms: 1000 });
      await expect(runAdminCommand(api.database, { name: "settings.default-plan", plan: "gold" })).rejects.toThrow(
        /There is no plan "gold"/,
      );
    } finally {
      await runAdminCommand(api.database, { name: "settings.default-plan", plan: "trial" });
    }

    const operator = `plan-op-${Date.now()}@example.test`;
    await runAdminCommand(api.database, { name: "user.create", email: operator, password: "Secret#123", userName: "Op", admin: false });
    expect((await teamPlanKey(operator))?.plan_key).toBe("enterprise");

    await seedDemo(api.db);
    expect((await teamPlanKey(DEMO_EMAIL))?.plan_key).toBe("standard");
  });
});

describe("platform commands", () => {
  it("prints the price list and moves a team to a plan by a user's email or the team id, with its free SMS", async () => {
    const list = await runAdminCommand(api.database, { name: "plans" });
    expect(list.split("\n")).toHaveLength(7);
    expect(list).toMatch(/^standard\s+Standard\s+₴3,999 \/ month\s+250,000\s+100\s+100\s+500\s+3,000\s+5\s+yes$/m);
    expect(list).toMatch(/^enterprise\s+Enterprise\s+₴24,999 \/ month\s+unlimited/m);

    const t = await api.factory.team({ plan: "trial" });
    expect(await runAdminCommand(api.database, { name: "team.plan", team: t.email, plan: "premium" })).toBe(
      `Team ${t.ctx.teamId} is on Premium (₴9,999 / month), with 10,000 free SMS left.`,
    );
    expect((await planOf(t)).plan.key).toBe("premium");
    expect((await planOf(t)).usage.free_sms_left).toBe(10000);
    await runAdminCommand(api.database, { name: "team.plan", team: String(t.ctx.teamId), plan: "starter_pack" });
    expect((await planOf(t)).plan).toMatchObject({ key: "starter_pack", name: "Starter Pack", price_uah: 499 });

    await expect(runAdminCommand(api.database, { name: "team.plan", team: t.email, plan: "gold" })).rejects.toThrow(
      'There is no plan "gold". Plans: trial, starter_pack, starter, standard, premium, enterprise.',
    );
    await expect(runAdminCommand(api.database, { name: "team.plan", team: "nobody@example.test", plan: "trial" })).rejects.toThrow(
      "No user with the email nobody@example.test.",
    );
    await expect(runAdminCommand(api.database, { name: "team.plan", team: "987654321", plan: "trial" })).rejects.toThrow(
      "No team with the id 987654321.",
    );
    expect((await planOf(t)).plan.key).toBe("starter_pack");
  });
});
