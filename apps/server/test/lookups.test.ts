import type { Gateway, LookupJob } from "@leadflow/contracts";
import { holdFunds, ProviderDownError, runLookupJob, topUp } from "@leadflow/domain";
import { startFakeBlacklistAlliance } from "@leadflow/domain/providers/fakes/fake-blacklist-alliance";
import { startFakeTwilio } from "@leadflow/domain/providers/fakes/fake-twilio";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { leadHelpers } from "./leads-helpers";

/*
 * Lookup jobs end to end on the API: started from lists, sources, audiences and a lead, run by the runner against
 * the sandbox (and a fake Blacklist Alliance that is down), priced against the team's balance.
 */

let api: Api;
let h: ReturnType<typeof leadHelpers>;
beforeAll(async () => {
  api = await setupApi();
  h = leadHelpers(api);
});
afterAll(() => api.close());

// Sandbox: the last digit picks the line type (0–6 mobile, 7 landline, 8 VoIP, 9 invalid); DNC by the last two
// digits (01 federal, 02 state, 03 litigator).
const CSV = [
  "Phone,Email,Name",
  "(212) 555-0100,ann@example.com,Ann",
  "(212) 555-0107,bob.invalid@example.com,Bob",
  "(312) 555-0108,cy@example.com,Cy",
  "(415) 555-0109,,Di",
  "(212) 555-0101,,Ed",
  "(212) 555-0102,,Flo",
].join("\n");

async function teamWithLeads() {
  const t = await h.team(CSV);
  const gw = async (kind: string, extra: object = {}) => {
    const res = await h.call(t.token, "POST", "/api/gateways", { kind, type: "sandbox", name: `Sandbox ${kind}`, params: {}, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: Gateway }).data;
  };
  return { ...t, gw };
}

const deps = () => ({ db: api.db, live: api.live.publisher, batchSize: 2 });
const runQueued = async () => {
  const queued = api.jobs.sent.splice(0).filter((j) => j.name === "lookups.run");
  const outcomes = [];
  for (const j of queued) {
    const p = j.payload as { teamId: number; jobId: number };
    outcomes.push(await runLookupJob(deps(), p.teamId, p.jobId));
  }
  return outcomes;
};
const job = async (token: string, id: number) => (await h.call(token, "GET", `/api/lookup/${id}`)).json() as LookupJob;
const balance = async (token: string) => (await h.call(token, "GET", "/api/balance")).json() as { balance: number; free_lookups: number };
const setMoney = (teamId: number, balance: number, free: number) =>
  api.db.execute(
    sql`INSERT INTO team_balances (team_id, balance, free_lookups) VALUES (${teamId}, ${balance}, ${free})
        ON CONFLICT (team_id) DO UPDATE SET balance = EXCLUDED.balance, free_lookups = EXCLUDED.free_lookups`,
  );

describe("carrier lookup of a list", () => {
  it("looks up every phone, writes results, timeline and counters, and charges after the free items", async () => {
    const t = await teamWithLeads();
    const g = await t.gw("sms_lookup");
    await setMoney(t.ctx.teamId, 1, 2);
    const res = await h.call(t.token, "POST", "/api/sources/lists/lookup", { ids: [t.list.id], type: 1, setting_gateway_id: g.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Lookup has been started");
    const started = (res.json() as { data: LookupJob[] }).data[0]!;
    expect(started).toMatchObject({ status: 1, list: { id: t.list.id }, gateway: { id: g.id, name: "Sandbox sms_lookup" } });
    expect(await runQueued()).toEqual(["completed"]);

    const done = await job(t.token, started.id);
    expect(done).toMatchObject({
      status: 3,
      total_count: 6,
      count: 6,
      reused_count: 0,
      failed_count: 0,
      service_items_count: 6,
      percent: 100,
    });
    // 2 free items, then 4 × $0.005.
    expect(done.cost).toBeCloseTo(0.02, 4);
    expect(done.paid).toBe(true);
    expect(await balance(t.token)).toMatchObject({ free_lookups: 0 });
    expect((await balance(t.token)).balance).toBeCloseTo(0.98, 4);

    const phones = await h.q<{
      phone: string;
      carrier_type: string | null;
      carrier_status: number | null;
      city: string | null;
      verified: boolean;
    }>(
      "SELECT phone, carrier_type, carrier_status, city, verified_at IS NOT NULL AS verified FROM lead_phones WHERE team_id = $1 ORDER BY phone",
      [t.ctx.teamId],
    );
    expect(phones.find((p) => p.phone === "+12125550100")).toMatchObject({
      carrier_type: "mobile",
      carrier_status: 1,
      city: "New York",
      verified: true,
    });
    expect(phones.find((p) => p.phone === "+12125550107")).toMatchObject({ carrier_type: "landline", carrier_status: 2, verified: false });
    expect(phones.find((p) => p.phone === "+13125550108")).toMatchObject({ carrier_type: "voip", carrier_status: 3, verified: true });
    expect(phones.find((p) => p.phone === "+14155550109")).toMatchObject({ carrier_type: null, verified: false });

    // The lists' and sources' counters agree with a recount.
    const c = await h.counters(t.ctx.teamId);
    expect(c.lists.stored).toEqual(c.lists.recounted);
    expect(c.sources.stored).toEqual(c.sources.recounted);
    expect(c.lists.stored[0]!.contacts_looked_up).toBe(6);

    // The lead's timeline has the lookup.
    const lead = (
      await h.q<{ id: number }>("SELECT lead_id::int AS id FROM lead_phones WHERE team_id = $1 AND phone = '+12125550100'", [t.ctx.teamId])
    )[0]!;
    const log = (await h.call(t.token, "GET", `/api/leads/${lead.id}/log`)).json() as {
      data: { type: string; diff_log: { value_to: string }[] }[];
    };
    const entry = log.data.find((e) => e.type === "lookup");
    expect(entry?.diff_log.map((d) => d.value_to)).toEqual(["Sandbox Mobile · Mobile", "Send: Mobile"]);

    // One ledger row per settled batch, summing to the cost; progress went out live.
    const ledger = await h.q<{ sum: string }>(
      "SELECT sum(amount) AS sum FROM balance_transactions WHERE team_id = $1 AND kind = 'lookup'",
      [t.ctx.teamId],
    );
    expect(Number(ledger[0]!.sum)).toBeCloseTo(-0.02, 4);
    const events = api.live.events.filter((e) => e.event === "LookupData" && (e.payload as { id: number }).id === started.id);
    expect(events.at(-1)?.payload).toMatchObject({ status: 3, percent: 100, count: 6 });

    // Again within the freshness window: every phone is reused, nothing is paid.
    const again = await h.call(t.token, "POST", `/api/lookup/${started.id}/status`, { status: 1 });
    expect(again.json().message).toBe("Lookup started");
    await runQueued();
    const reused = await job(t.token, started.id);
    expect(reused).toMatchObject({ status: 3, count: 6, total_count: 6 });
    expect(reused.cost).toBeCloseTo(0.02, 4);
  });

  it("reuses a fresh result on a new job, and asks again when the team's freshness is 0 days", async () => {
    const t = await teamWithLeads();
    const g = await t.gw("sms_lookup");
    await setMoney(t.ctx.teamId, 10, 0);
    await h.call(t.token, "POST", "/api/sources/lists/lookup", { ids: [t.list.id], type: 1, setting_gateway_id: g.id });
    await runQueued();
    const res = await h.call(t.token, "POST", "/api/sources/lookup", { ids: [t.source.id], type: 1, setting_gateway_id: g.id });
    const second = (res.json() as { data: LookupJob[] }).data[0]!;
    await runQueued();
    expect(await job(t.token, second.id)).toMatchObject({
      status: 3,
      count: 6,
      reused_count: 6,
      service_items_count: 0,
      cost: 0,
      paid: false,
    });

    expect((await h.call(t.token, "PUT", "/api/lookup-settings", { carrier_days: 0, email_days: 30, dnc_days: 31 })).statusCode).toBe(200);
    const third = (
      (await h.call(t.token, "POST", "/api/sources/lookup", { ids: [t.source.id], type: 1, setting_gateway_id: g.id })).json() as {
        data: LookupJob[];
      }
    ).data[0]!;
    await runQueued();
    expect(await job(t.token, third.id)).toMatchObject({ status: 3, reused_count: 0, service_items_count: 6 });
  });
});

describe("money", () => {
  it("refuses to start with no money, and stops a paid lookup that runs out without going below zero", async () => {
    const t = await teamWithLeads();
    const g = await t.gw("sms_lookup");
    await setMoney(t.ctx.teamId, 0, 0);
    const refused = await h.call(t.token, "POST", "/api/sources/lists/lookup", { ids: [t.list.id], type: 1, setting_gateway_id: g.id });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe("Insufficient funds to continue paid lookup!");

    // Enough for three items ($0.015 at $0.005).
    await setMoney(t.ctx.teamId, 0.015, 0);
    const res = await h.call(t.token, "POST", "/api/sources/lists/lookup", { ids: [t.list.id], type: 1, setting_gateway_id: g.id });
    const id = (res.json() as { data: LookupJob[] }).data[0]!.id;
    expect(await runQueued()).toEqual(["stopped"]);
    const stopped = await job(t.token, id);
    expect(stopped).toMatchObject({ status: 4, count: 3, error: "Insufficient funds to continue paid lookup!" });
    expect(stopped.cost).toBeCloseTo(0.015, 4);
    expect((await balance(t.token)).balance).toBe(0);
    const msg = api.live.events.filter((e) => e.event === "UserMessage" && e.teamId === t.ctx.teamId).at(-1);
    expect(msg?.payload).toMatchObject({ message: "Insufficient funds to continue paid lookup!", level: "error" });

    // Topped up, started again: only the three left are looked up and paid.
    await topUp(api.db, t.ctx.teamId, 1);
    await h.call(t.token, "POST", `/api/lookup/${id}/status`, { status: 1 });
    await runQueued();
    const finished = await job(t.token, id);
    expect(finished).toMatchObject({ status: 3, count: 6, service_items_count: 6 });
    expect(finished.cost).toBeCloseTo(0.03, 4);
    expect((await balance(t.token)).balance).toBeCloseTo(0.985, 4);
  });

  it("a worker that died holding money for a batch gives it back on resume and pays each item once", async () => {
    const t = await teamWithLeads();
    const g = await t.gw("sms_lookup");
    await setMoney(t.ctx.teamId, 1, 0);
    const res = await h.call(t.token, "POST", "/api/sources/lists/lookup", { ids: [t.list.id], type: 1, setting_gateway_id: g.id });
    const id = (res.json() as { data: LookupJob[] }).data[0]!.id;
    api.jobs.sent.splice(0);
    // The dead runner: it held money for 4 items and a lease, then vanished before settling.
    await api.db.transaction((tx) =>
      holdFunds(tx, t.ctx.teamId, { kind: "lookup", refId: id }, { items: 4, unitPrice: 0.005, useFree: true }),
    );
    await api.db.execute(
      sql`UPDATE lookup_jobs SET lease_owner = 'dead', lease_until = now() - interval '1 second' WHERE team_id = ${t.ctx.teamId} AND id = ${id}`,
    );
    expect((await balance(t.token)).balance).toBeCloseTo(0.98, 4);
    expect(await runLookupJob(deps(), t.ctx.teamId, id)).toBe("completed");
    const done = await job(t.token, id);
    expect(done).toMatchObject({ status: 3, count: 6, service_items_count: 6 });
    expect(done.cost).toBeCloseTo(0.03, 4);
    expect((await balance(t.token)).balance).toBeCloseTo(0.97, 4);
  });
});

describe("status controls", () => {
  it("pauses between batches, resumes, and a stopped lookup stays stopped", async () => {
    const t = await teamWithLeads();
    const g = await t.gw("sms_lookup");
    await setMoney(t.ctx.teamId, 1, 0);
    const id = (
      (await h.call(t.token, "POST", "/api/sources/lists/lookup", { ids: [t.list.id], type: 1, setting_gateway_id: g.id })).json() as {
        data: LookupJob[];
      }
    ).data[0]!.id;
    api.jobs.sent.splice(0);
    const paused = await h.call(t.token, "POST", `/api/lookup/${id}/status`, { status: 2 });
    expect(paused.json()).toMatchObject({ message: "Lookup stopped", data: { status: 2 } });
    expect(await runLookupJob(deps(), t.ctx.teamId, id)).toBe("paused");
    expect((await job(t.token, id)).count).toBe(0);

    const bulk = await h.call(t.token, "POST", "/api/lookup-start", { ids: [id] });
    expect(bulk.json().message).toBe("Selected lookups have been started");
    expect(await runQueued()).toEqual(["completed"]);

    const stop = await h.call(t.token, "POST", `/api/lookup/${id}/status`, { status: 4 });
    expect(stop.json().data.status).toBe(3);
  });

  it("creates a pending lookup from the Lookup list form and edits it", async () => {
    const t = await teamWithLeads();
    const g = await t.gw("email_lookup");
    const created = await h.call(t.token, "POST", "/api/lookup", {
      lead_type: 2,
      setting_gateway_id: g.id,
      source_id: t.source.id,
      list_id: t.list.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const data = (created.json() as { data: LookupJob }).data;
    expect(data).toMatchObject({ status: 0, type: 2, source: { id: t.source.id }, list: { id: t.list.id } });
    const wrongKind = await t.gw("sms_lookup");
    const bad = await h.call(t.token, "PUT", `/api/lookup/${data.id}`, {
      lead_type: 2,
      setting_gateway_id: wrongKind.id,
      source_id: t.source.id,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.setting_gateway_id).toBeDefined();
    await setMoney(t.ctx.teamId, 1, 0);
    const start = await h.call(t.token, "PUT", `/api/lookup/${data.id}`, {
      lead_type: 2,
      setting_gateway_id: g.id,
      source_id: t.source.id,
      list_id: t.list.id,
      status: 1,
    });
    expect(start.json().data.status).toBe(1);
    await runQueued();
    const emails = await h.q<{ email: string; status: number; result: string }>(
      "SELECT email, status, result FROM lead_emails WHERE team_id = $1 ORDER BY email",
      [t.ctx.teamId],
    );
    expect(emails).toEqual([
      { email: "ann@example.com", status: 2, result: "valid" },
      { email: "bob.invalid@example.com", status: 3, result: "invalid" },
      { email: "cy@example.com", status: 2, result: "valid" },
    ]);
    const list = (await h.call(t.token, "GET", "/api/lookup?search=April")).json() as { data: LookupJob[]; meta: { total: number } };
    expect(list.meta.total).toBe(1);
    // `active`: running, paused and just-finished ones (the source and list progress items); `active=0` is all.
    const active = async (q: string) =>
      ((await h.call(t.token, "GET", `/api/lookup?${q}`)).json() as { meta: { total: number } }).meta.total;
    expect(await active("active=1")).toBe(1);
    await api.db.execute(sql`UPDATE lookup_jobs SET finished_at = now() - interval '2 minutes' WHERE team_id = ${t.ctx.teamId}`);
    expect(await active("active=1")).toBe(0);
    expect(await active("active=0")).toBe(1);
    expect(await active(`list_id=${t.list.id}`)).toBe(1);
  });
});

describe("DNC", () => {
  it("marks federal and state DNC phones, and a provider that is down leaves numbers unchecked", async () => {
    const t = await teamWithLeads();
    const g = await t.gw("sms_dnc");
    await setMoney(t.ctx.teamId, 1, 0);
    const id = (
      (await h.call(t.token, "POST", "/api/sources/lists/lookup", { ids: [t.list.id], type: 3, setting_gateway_id: g.id })).json() as {
        data: LookupJob[];
      }
    ).data[0]!.id;
    await runQueued();
    expect((await job(t.token, id)).status).toBe(3);
    const phones = await h.q<{ phone: string; status: number; dnc_code: string }>(
      "SELECT phone, status, dnc_code FROM lead_phones WHERE team_id = $1 ORDER BY phone",
      [t.ctx.teamId],
    );
    expect(phones.find((p) => p.phone === "+12125550101")).toMatchObject({ status: 5, dnc_code: "federal-dnc" });
    expect(phones.find((p) => p.phone === "+12125550102")).toMatchObject({ status: 6 });
    expect(phones.find((p) => p.phone === "+12125550100")).toMatchObject({ status: 1 });

    // A Blacklist Alliance that is down: nothing is marked, nothing is charged, the job stays running.
    const fake = await startFakeBlacklistAlliance({ apiKey: "k" });
    try {
      await fake.down(true);
      const bla = await h.call(t.token, "POST", "/api/gateways", {
        kind: "sms_dnc",
        type: "black_list_alliance",
        name: "BLA",
        params: { api_key: "k" },
      });
      expect(bla.statusCode, bla.body).toBe(201);
      const before = await balance(t.token);
      const res = await h.call(t.token, "POST", "/api/sources/lists/lookup", {
        ids: [t.list.id],
        type: 3,
        setting_gateway_id: bla.json().data.id,
      });
      // Relookup semantics would force; a list lookup reuses fresh DNC results, so force it through the gateway setting.
      await api.db.execute(sql`UPDATE lookup_jobs SET force = true WHERE id = ${(res.json() as { data: LookupJob[] }).data[0]!.id}`);
      api.jobs.sent.splice(0);
      const jid = (res.json() as { data: LookupJob[] }).data[0]!.id;
      await api.db.execute(sql`UPDATE lead_phones SET dnc_checked_at = NULL, dnc_code = NULL WHERE team_id = ${t.ctx.teamId}`);
      await expect(
        runLookupJob(
          { ...deps(), providerOptions: { baseUrls: fake.baseUrls, attempts: 2, backoffMs: 1, timeoutMs: 500 } },
          t.ctx.teamId,
          jid,
        ),
      ).rejects.toBeInstanceOf(ProviderDownError);
      const after = await job(t.token, jid);
      expect(after).toMatchObject({ status: 1, count: 0 });
      expect(after.error).toMatch(/not answering/);
      const unchecked = await h.q<{ n: number }>(
        "SELECT count(*)::int AS n FROM lead_phones WHERE team_id = $1 AND dnc_checked_at IS NOT NULL",
        [t.ctx.teamId],
      );
      expect(unchecked[0]!.n).toBe(0);
      expect(await balance(t.token)).toEqual(before);
    } finally {
      await fake.close();
    }
  });
});

describe("relookup and isolation", () => {
  it("relooks up one lead's phones whatever their age, and keeps other teams out", async () => {
    const t = await teamWithLeads();
    const g = await t.gw("sms_lookup");
    await setMoney(t.ctx.teamId, 1, 0);
    await h.call(t.token, "POST", "/api/sources/lists/lookup", { ids: [t.list.id], type: 1, setting_gateway_id: g.id });
    await runQueued();
    const leadId = (await h.leadIds(t.ctx.teamId))[0]!;
    const res = await h.call(t.token, "POST", `/api/leads/${leadId}/relookup`, { lead_type: "lead_phone", lookup_gateway_id: g.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Lookup has been started");
    await runQueued();
    expect(await job(t.token, res.json().data.id)).toMatchObject({
      status: 3,
      count: 1,
      reused_count: 0,
      service_items_count: 1,
      lead: { id: leadId },
    });

    const other = await api.factory.team();
    expect((await h.call(other.token, "GET", `/api/lookup/${res.json().data.id}`)).statusCode).toBe(404);
    expect((await h.call(other.token, "POST", `/api/lookup/${res.json().data.id}/status`, { status: 2 })).statusCode).toBe(404);
    expect(
      (await h.call(other.token, "POST", `/api/leads/${leadId}/relookup`, { lead_type: "lead_phone", lookup_gateway_id: g.id })).statusCode,
    ).toBe(404);
    const foreign = await h.call(other.token, "POST", "/api/lookup", { lead_type: 1, setting_gateway_id: g.id, source_id: t.source.id });
    expect(foreign.statusCode).toBe(422);
    expect(
      (await h.call(other.token, "POST", "/api/sources/lookup", { ids: [t.source.id], type: 1, setting_gateway_id: g.id })).statusCode,
    ).toBe(404);
    expect((await h.call(other.token, "GET", "/api/lookup")).json().meta.total).toBe(0);
  });
});

describe("import toggles", () => {
  it("a file import with 'Lookup phone numbers' on starts a lookup of its leads", async () => {
    const team = await api.factory.team();
    const source = await api.factory.source(team.ctx, { name: "Web" });
    const list = await api.factory.list(team.ctx, source.id, { name: "May" });
    const gres = await h.call(team.token, "POST", "/api/gateways", { kind: "sms_lookup", type: "sandbox", name: "Sandbox", params: {} });
    const g = (gres.json() as { data: Gateway }).data;
    await setMoney(team.ctx.teamId, 1, 0);
    const { importHelpers } = await import("./imports-helpers");
    const im = importHelpers(api);
    const importId = await im.start(team.token, list.id, "may.csv", CSV, { Name: "Name" });
    // As the Match Format dialog's toggle stores it.
    await api.db.execute(sql`UPDATE imports SET check_mobile_status = true, sms_lookup_gateway_id = ${g.id} WHERE id = ${importId}`);
    await im.runQueued();
    const jobs = await h.q<{ id: number; import_id: number; type: number }>(
      "SELECT id, import_id, type FROM lookup_jobs WHERE team_id = $1",
      [team.ctx.teamId],
    );
    expect(jobs).toEqual([{ id: jobs[0]!.id, import_id: importId, type: 1 }]);
    // The import's worker enqueues the runner through its job sender; here the test is the worker.
    expect(await runLookupJob(deps(), team.ctx.teamId, jobs[0]!.id)).toBe("completed");
    const done = await job(team.token, jobs[0]!.id);
    expect(done).toMatchObject({ status: 3, count: 6, import: { id: importId, name: "may.csv" } });
  });
});

describe("Twilio Lookup through the runner", () => {
  it("retries 429s, marks a refused number failed without charging it, and charges each answered item once", async () => {
    const t = await teamWithLeads();
    const fake = await startFakeTwilio({ accountSid: "ACtest", authToken: "secret-token" });
    try {
      const gres = await h.call(t.token, "POST", "/api/gateways", {
        kind: "sms_lookup",
        type: "gateway1",
        name: "Twilio",
        params: { sys_id: "ACtest", auth_token: "secret-token" },
        rate_limit: 100,
      });
      expect(gres.statusCode, gres.body).toBe(201);
      await setMoney(t.ctx.teamId, 1, 0);
      const res = await h.call(t.token, "POST", "/api/sources/lists/lookup", {
        ids: [t.list.id],
        type: 1,
        setting_gateway_id: gres.json().data.id,
      });
      const id = (res.json() as { data: LookupJob[] }).data[0]!.id;
      api.jobs.sent.splice(0);
      // The first request is refused for good (400: not retried, not charged), the next two are told to wait (429).
      fake.failNext(1, 400);
      fake.rateLimitNext(2, 0);
      const outcome = await runLookupJob(
        { ...deps(), providerOptions: { baseUrls: fake.baseUrls, attempts: 4, backoffMs: 1, maxBackoffMs: 5, timeoutMs: 10_000 } },
        t.ctx.teamId,
        id,
      );
      expect(outcome).toBe("completed");
      const done = await job(t.token, id);
      expect(done.status).toBe(3);
      expect(done.count).toBe(6);
      const ledger = await h.q<{ items: number; sum: string }>(
        "SELECT sum(items)::int AS items, sum(amount) AS sum FROM balance_transactions WHERE team_id = $1 AND kind = 'lookup'",
        [t.ctx.teamId],
      );
      const answered = await h.q<{ n: number }>(
        "SELECT count(*)::int AS n FROM lookup_items WHERE team_id = $1 AND job_id = $2 AND state = 1",
        [t.ctx.teamId, id],
      );
      expect(ledger[0]!.items).toBe(answered[0]!.n);
      expect(Number(ledger[0]!.sum)).toBeCloseTo(-0.005 * answered[0]!.n, 4);
      expect(done.cost).toBeCloseTo(0.005 * answered[0]!.n, 4);
      expect(done.failed_count).toBe(1);
      expect(answered[0]!.n).toBe(5);
      expect(fake.stats.statuses.get(429)).toBe(2);
      // Twilio's list price for Line Type Intelligence makes the service cost.
      expect(done.service_cost).toBeGreaterThan(0);
    } finally {
      await fake.close();
    }
  });
});

describe("audiences and the import API", () => {
  it("runs lookups on audiences and moves dynamic audiences by the results", async () => {
    const t = await teamWithLeads();
    const g = await t.gw("sms_dnc");
    await setMoney(t.ctx.teamId, 1, 0);
    const seg = await h.call(t.token, "POST", "/api/segments", { name: "Everyone" });
    const segmentId = seg.json().data.id as number;
    const { rebuildSegments, syncTeamSegments } = await import("@leadflow/domain");
    await rebuildSegments(api.db, t.ctx.teamId, [segmentId]);
    const res = await h.call(t.token, "POST", "/api/segments/lookup/batch", { ids: [segmentId], type: 3, setting_gateway_id: g.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Lookup has been started",
      data: [{ segment: { id: segmentId, name: "Everyone" }, type: 3 }],
    });
    await runQueued();
    const changes = await h.q<{ n: number }>("SELECT count(*)::int AS n FROM segment_changes WHERE team_id = $1", [t.ctx.teamId]);
    expect(changes[0]!.n).toBeGreaterThan(0);
    await syncTeamSegments(api.db, t.ctx.teamId);
    const list = (await h.call(t.token, "GET", `/api/lookup?segment_id=${segmentId}`)).json() as { data: LookupJob[] };
    expect(list.data[0]).toMatchObject({ status: 3, count: 6 });
  });

  it("an import API key with 'Lookup emails' on adds each call's leads to the day's lookup", async () => {
    const team = await api.factory.team();
    const source = await api.factory.source(team.ctx, { name: "Web forms" });
    const list = await api.factory.list(team.ctx, source.id, { name: "Landing" });
    const g = (
      await h.call(team.token, "POST", "/api/gateways", { kind: "email_lookup", type: "sandbox", name: "Sandbox", params: {} })
    ).json().data as Gateway;
    await setMoney(team.ctx.teamId, 1, 0);
    const key = (
      await h.call(team.token, "POST", "/api/import-lists", {
        name: "Form",
        source_id: source.id,
        list_id: list.id,
        check_email_status: true,
        email_lookup_gateway_id: g.id,
      })
    ).json().data as { api_key: string };
    const push = (email: string) =>
      api.app.inject({
        method: "POST",
        url: `/api/import/lead?api_key=${encodeURIComponent(key.api_key)}`,
        payload: { leads: [{ attributes: [{ type: "email", attribute: "Email", value: email }] }] },
      });
    expect((await push("first@example.com")).statusCode).toBeLessThan(300);
    const first = api.jobs.sent.filter((j) => j.name === "lookups.run");
    expect(first).toHaveLength(1);
    await runQueued();
    expect((await push("second.invalid@example.com")).statusCode).toBeLessThan(300);
    await runQueued();
    const jobs = await h.q<{ id: number; total_count: number; count: number; status: number }>(
      "SELECT id, total_count, count, status FROM lookup_jobs WHERE team_id = $1",
      [team.ctx.teamId],
    );
    expect(jobs).toEqual([{ id: jobs[0]!.id, total_count: 2, count: 2, status: 3 }]);
    const emails = await h.q<{ email: string; status: number }>("SELECT email, status FROM lead_emails WHERE team_id = $1 ORDER BY email", [
      team.ctx.teamId,
    ]);
    expect(emails).toEqual([
      { email: "first@example.com", status: 2 },
      { email: "second.invalid@example.com", status: 3 },
    ]);
  });
});

describe("platform commands", () => {
  it("tops a team up, sets its free lookups and prices, and adds a default gateway every team sees read-only", async () => {
    const { runAdminCommand } = await import("../src/cli/admin-commands");
    const t = await api.factory.team();
    expect(await runAdminCommand(api.database, { name: "team.topup", email: t.email, amount: 12.5 })).toMatch(/balance is \$12\.50/);
    await runAdminCommand(api.database, { name: "team.free-lookups", email: t.email, items: 7 });
    expect(await balance(t.token)).toMatchObject({ balance: 12.5, free_lookups: 7 });
    const ledger = (await h.call(t.token, "GET", "/api/balance/transactions")).json() as { data: { kind: string; amount: number }[] };
    expect(ledger.data[0]).toMatchObject({ kind: "topup", amount: 12.5 });

    const prices = await runAdminCommand(api.database, { name: "lookup.prices", prices: { 3: 0.004 } });
    expect(prices).toMatch(/SMS DNC \$0\.004/);
    expect(((await balance(t.token)) as unknown as { prices: Record<string, number> }).prices["3"]).toBe(0.004);
    await runAdminCommand(api.database, { name: "lookup.prices", prices: { 3: 0.002 } });

    await expect(
      runAdminCommand(api.database, {
        name: "gateway.add-default",
        kind: "sms_lookup",
        type: "nope",
        gatewayName: "X",
        params: {},
        rate: null,
      }),
    ).rejects.toThrow(/type/);
    const out = await runAdminCommand(api.database, {
      name: "gateway.add-default",
      kind: "sms_lookup",
      type: "sandbox",
      gatewayName: `Leadflow Sandbox ${t.ctx.teamId}`,
      params: {},
      rate: 20,
    });
    const id = Number(out.match(/id (\d+)/)?.[1]);
    const list = (await h.call(t.token, "GET", "/api/gateways?kind=sms_lookup")).json() as { data: Gateway[] };
    expect(list.data.find((g) => g.id === id)).toMatchObject({ default: true, rate_limit: 20 });
    expect((await h.call(t.token, "DELETE", `/api/gateways/${id}`)).statusCode).toBe(403);
    const options = (await h.call(t.token, "GET", "/api/gateways/options?kind=sms_lookup")).json() as { data: { id: number }[] };
    expect(options.data.map((o) => o.id)).toContain(id);
    await api.db.execute(sql`DELETE FROM gateways WHERE id = ${id}`);
  });
});

describe("a provider that falters", () => {
  async function twilioJob(t: Awaited<ReturnType<typeof teamWithLeads>>, fake: Awaited<ReturnType<typeof startFakeTwilio>>) {
    const gres = await h.call(t.token, "POST", "/api/gateways", {
      kind: "sms_lookup",
      type: "gateway1",
      name: `Twilio ${Math.random()}`,
      params: { sys_id: fake.accountSid, auth_token: fake.authToken },
      rate_limit: 100,
    });
    await setMoney(t.ctx.teamId, 1, 0);
    const res = await h.call(t.token, "POST", "/api/sources/lists/lookup", {
      ids: [t.list.id],
      type: 1,
      setting_gateway_id: gres.json().data.id,
    });
    api.jobs.sent.splice(0);
    return (res.json() as { data: LookupJob[] }).data[0]!.id;
  }
  const ledgerItems = async (teamId: number) =>
    (
      await h.q<{ n: number }>(
        "SELECT COALESCE(sum(items), 0)::int AS n FROM balance_transactions WHERE team_id = $1 AND kind = 'lookup'",
        [teamId],
      )
    )[0]!.n;

  it("passes over items it cannot answer, leaves them pending, and finishes them on the next run", async () => {
    const t = await teamWithLeads();
    const fake = await startFakeTwilio();
    try {
      const id = await twilioJob(t, fake);
      // Two phones get 503 on both attempts and stay unanswered; the other four get it once and are answered on
      // their retry.
      const phones = (await h.q<{ phone: string }>("SELECT phone FROM lead_phones WHERE team_id = $1 ORDER BY phone", [t.ctx.teamId])).map(
        (p) => p.phone,
      );
      fake.failValues(new Map(phones.map((p, i) => [p, i < 2 ? 2 : 1])), 503);
      const opts = { baseUrls: fake.baseUrls, attempts: 2, backoffMs: 1, maxBackoffMs: 2, timeoutMs: 10_000 };
      await expect(runLookupJob({ ...deps(), batchSize: 6, providerOptions: opts }, t.ctx.teamId, id)).rejects.toBeInstanceOf(
        ProviderDownError,
      );
      const first = await job(t.token, id);
      expect(first).toMatchObject({ status: 1, count: 4 });
      expect(first.error).toMatch(/retries shortly/);
      expect(await ledgerItems(t.ctx.teamId)).toBe(4);
      expect(await runLookupJob({ ...deps(), providerOptions: opts }, t.ctx.teamId, id)).toBe("completed");
      expect(await job(t.token, id)).toMatchObject({ status: 3, count: 6, error: null });
      expect(await ledgerItems(t.ctx.teamId)).toBe(6);
    } finally {
      await fake.close();
    }
  });

  it("a runner whose lease lapsed mid-batch writes and charges nothing once another runner took over", async () => {
    const t = await teamWithLeads();
    const fake = await startFakeTwilio();
    try {
      const id = await twilioJob(t, fake);
      // Runner A's requests hang until released.
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let asked = 0;
      const slow: typeof fetch = async (input, init) => {
        asked++;
        await gate;
        return fetch(input, init);
      };
      const a = runLookupJob(
        { ...deps(), batchSize: 6, providerOptions: { baseUrls: fake.baseUrls, fetch: slow, timeoutMs: 60_000 } },
        t.ctx.teamId,
        id,
      );
      while (asked < 6) await new Promise((r) => setTimeout(r, 5));
      // A's lease runs out (its process stalled); runner B takes the job over and finishes it.
      await api.db.execute(
        sql`UPDATE lookup_jobs SET lease_until = now() - interval '1 second' WHERE team_id = ${t.ctx.teamId} AND id = ${id}`,
      );
      expect(await runLookupJob({ ...deps(), providerOptions: { baseUrls: fake.baseUrls } }, t.ctx.teamId, id)).toBe("completed");
      release();
      expect(await a).toBe("leased");
      expect(await job(t.token, id)).toMatchObject({ status: 3, count: 6 });
      expect(await ledgerItems(t.ctx.teamId)).toBe(6);
      expect((await balance(t.token)).balance).toBeCloseTo(1 - 6 * 0.005, 4);
      const twice = await h.q<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT lead_id FROM lead_logs WHERE team_id = $1 AND type = 'lookup' GROUP BY lead_id HAVING count(*) > 1) x`,
        [t.ctx.teamId],
      );
      expect(twice[0]!.n).toBe(0);
    } finally {
      await fake.close();
    }
  });
});
