import type { LookupJob } from "@leadflow/contracts";
import { ProviderDownError } from "@leadflow/domain";
import { startFakeFccRnd } from "@leadflow/domain/providers/fakes/fake-fcc-rnd";
import { fakeLeadid, startFakeJornaya } from "@leadflow/domain/providers/fakes/fake-jornaya";
import { fakeCertUrl, startFakeTrustedForm } from "@leadflow/domain/providers/fakes/fake-trustedform";
import { describe, expect, it } from "vitest";
import { consentHelpers } from "./consent-helpers";
import { useApi } from "./helpers";

/*
 * The consent checks as lookup jobs (docs/compliance.md, docs/lookups.md): certificate verification through
 * TrustedForm and Jornaya (their fakes on loopback, and the sandbox), the Reassigned Numbers query through the FCC
 * database's fake, each answered item charged once through the ledger and its answer on the consent record or phone.
 */

const api = useApi();
const c = consentHelpers(api);
const FAST = { attempts: 3, backoffMs: 1, maxBackoffMs: 5, timeoutMs: 5_000 };
const PRICE = { certificate: 0.01, rnd: 0.003 };

const HEAD = "Phone,Email,TrustedForm Cert URL,LeadiD,Opt-in IP,Opt-in Date";
/** Leads 2125550100+i whose certificates end in each verdict's character (0 verified, c, d, e, f), and one without. */
const certificateCsv = (kind: "tf" | "jornaya") =>
  [
    HEAD,
    ...["0", "c", "d", "e", "f"].map(
      (last, i) =>
        `212555010${i},p${i}@example.com,${kind === "tf" ? fakeCertUrl(i + 1, last) : ""},${kind === "jornaya" ? fakeLeadid(i + 1, last) : ""},203.0.113.${i},2024-05-01T12:00:00Z`,
    ),
    "2125550109,none@example.com,,,203.0.113.9,2024-05-01T12:00:00Z",
  ].join("\n");

async function verdicts(token: string, teamId: number) {
  const out: Record<string, string | null> = {};
  for (const i of [0, 1, 2, 3, 4, 9]) {
    const lead = await c.leadOf(teamId, `+1212555010${i}`);
    out[i] = (await c.consentOf(token, lead)).records[0]?.certificate_status ?? null;
  }
  return out;
}
const job = async (token: string, id: number) => (await c.call(token, "GET", `/api/lookup/${id}`)).json() as LookupJob;
const start = async (token: string, listId: number, type: number, gatewayId: number) => {
  const res = await c.call(token, "POST", "/api/leads/lookup", { all: true, list_id: listId, type, setting_gateway_id: gatewayId });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: number } }).data.id;
};

describe("certificate checks through TrustedForm", () => {
  it("retains each lead's certificate, lands the verdict on its record and charges each answered item once", async () => {
    const t = await c.team(certificateCsv("tf"));
    await c.setMoney(t.ctx.teamId, 5, 0);
    const fake = await startFakeTrustedForm();
    try {
      const gw = await c.gateway(t.token, "consent_certificates", "trusted_form", { api_key: fake.apiKey, insights: "yes" });
      const id = await start(t.token, t.list.id, 4, gw);
      // The first two calls are told to wait (429), the next fails (503): all retried, none charged twice.
      fake.rateLimitNext(2, 0);
      fake.failNext(1, 503);
      expect(await c.runLookups({ ...FAST, attempts: 5, baseUrls: fake.baseUrls })).toEqual(["completed"]);
      expect(await verdicts(t.token, t.ctx.teamId)).toEqual({
        0: "verified",
        1: "mismatch",
        2: "expired",
        3: "not_found",
        4: "error",
        9: null,
      });
      const done = await job(t.token, id);
      expect(done).toMatchObject({ status: 3, total_count: 5, count: 5 });
      const ledger = await c.ledger(t.ctx.teamId);
      expect(ledger.items).toBe(5);
      expect(ledger.amount).toBeCloseTo(-PRICE.certificate * 5, 6);
      // What TrustedForm was asked: the lead's phone and email to match, our reference to retain.
      const sent = fake.bodies.get(fakeCertUrl(1).slice(-40))!;
      expect(sent).toMatchObject({
        match_lead: { phone: "+12125550100", email: "p0@example.com" },
        retain: { reference: expect.stringMatching(/^Leadflow lead \d+$/) },
        insights: { properties: ["page_url", "created_at", "expires_at"] },
      });
      const lead = await c.leadOf(t.ctx.teamId, "+12125550100");
      const record = (await c.consentOf(t.token, lead)).records[0]!;
      expect(record).toMatchObject({ certificate_status: "verified", is_proof: true });
      expect(record.certificate_details).toMatchObject({ page_url: "https://forms.example.com/quote", phone_match: true });
      expect((await c.consentOf(t.token, lead)).proof).toMatchObject({ ok: true, reason: null });

      // A second run of the finished job and a new lookup: fresh verdicts are reused and not paid again; the error is asked again.
      expect(await c.runLookups({ ...FAST, baseUrls: fake.baseUrls })).toEqual([]);
      const again = await start(t.token, t.list.id, 4, gw);
      expect(await c.runLookups({ ...FAST, baseUrls: fake.baseUrls })).toEqual(["completed"]);
      expect(await job(t.token, again)).toMatchObject({ status: 3, reused_count: 4 });
      expect((await c.ledger(t.ctx.teamId)).items).toBe(6);
    } finally {
      await fake.close();
    }
  });

  it("with TrustedForm down writes no verdict and charges nothing; the job waits to run again", async () => {
    const t = await c.team(certificateCsv("tf"));
    await c.setMoney(t.ctx.teamId, 5, 0);
    const fake = await startFakeTrustedForm();
    try {
      const gw = await c.gateway(t.token, "consent_certificates", "trusted_form", { api_key: fake.apiKey });
      const id = await start(t.token, t.list.id, 4, gw);
      await fake.down(true);
      await expect(c.runLookups({ ...FAST, attempts: 2, baseUrls: fake.baseUrls })).rejects.toBeInstanceOf(ProviderDownError);
      expect(await verdicts(t.token, t.ctx.teamId)).toEqual({ 0: null, 1: null, 2: null, 3: null, 4: null, 9: null });
      expect(await c.ledger(t.ctx.teamId)).toEqual({ items: 0, amount: 0 });
      expect(await job(t.token, id)).toMatchObject({ status: 1, count: 0 });
    } finally {
      await fake.close();
    }
  });

  it("a wrong API key fails the items without a verdict or a charge", async () => {
    const t = await c.team(certificateCsv("tf"));
    await c.setMoney(t.ctx.teamId, 5, 0);
    const fake = await startFakeTrustedForm();
    try {
      const gw = await c.gateway(t.token, "consent_certificates", "trusted_form", { api_key: "wrong" });
      const id = await start(t.token, t.list.id, 4, gw);
      await c.runLookups({ ...FAST, baseUrls: fake.baseUrls }).catch(() => undefined);
      expect(await verdicts(t.token, t.ctx.teamId)).toEqual({ 0: null, 1: null, 2: null, 3: null, 4: null, 9: null });
      expect(await c.ledger(t.ctx.teamId)).toEqual({ items: 0, amount: 0 });
      expect(await job(t.token, id)).toMatchObject({ status: 3, failed_count: 5, cost: 0 });
    } finally {
      await fake.close();
    }
  });
});

describe("certificate checks through Jornaya", () => {
  it("audits each LeadiD with the lead's phone and email and lands the verdicts", async () => {
    const t = await c.team(certificateCsv("jornaya"));
    await c.setMoney(t.ctx.teamId, 5, 0);
    const fake = await startFakeJornaya();
    try {
      const gw = await c.gateway(t.token, "consent_certificates", "jornaya", {
        account_code: fake.accountCode,
        audit_key: fake.auditKey,
        provider_code: "ACME",
      });
      await start(t.token, t.list.id, 4, gw);
      fake.failNext(1, 500);
      expect(await c.runLookups({ ...FAST, baseUrls: fake.baseUrls })).toEqual(["completed"]);
      expect(await verdicts(t.token, t.ctx.teamId)).toEqual({
        0: "verified",
        1: "mismatch",
        2: "expired",
        3: "not_found",
        4: "error",
        9: null,
      });
      expect(fake.data.get(fakeLeadid(1, "0"))).toBe("phone1;2125550100|email;p0@example.com");
      expect((await c.ledger(t.ctx.teamId)).items).toBe(5);
    } finally {
      await fake.close();
    }
  });
});

describe("certificate checks in the sandbox", () => {
  it("answers by the certificate's last character, for TrustedForm and Jornaya records alike", async () => {
    const csv = [
      HEAD,
      `2125550100,a@example.com,${fakeCertUrl(1, "0")},,203.0.113.1,2024-05-01T12:00:00Z`,
      `2125550101,b@example.com,,${fakeLeadid(2, "d")},203.0.113.2,2024-05-01T12:00:00Z`,
      `2125550102,c@example.com,${fakeCertUrl(3, "c")},,203.0.113.3,2024-05-01T12:00:00Z`,
    ].join("\n");
    const t = await c.team(csv);
    await c.setMoney(t.ctx.teamId, 5, 0);
    const gw = await c.gateway(t.token, "consent_certificates", "sandbox");
    await start(t.token, t.list.id, 4, gw);
    expect(await c.runLookups()).toEqual(["completed"]);
    const status = async (phone: string) =>
      (await c.consentOf(t.token, await c.leadOf(t.ctx.teamId, phone))).records[0]!.certificate_status;
    expect([await status("+12125550100"), await status("+12125550101"), await status("+12125550102")]).toEqual([
      "verified",
      "expired",
      "mismatch",
    ]);
  });
});

describe("certificate checks on an audience", () => {
  it("runs from the audiences page's Run Lookup like the other kinds", async () => {
    const csv = [HEAD, `2125550100,a@example.com,${fakeCertUrl(1, "0")},,203.0.113.1,2024-05-01T12:00:00Z`].join("\n");
    const t = await c.team(csv);
    await c.setMoney(t.ctx.teamId, 5, 0);
    const gw = await c.gateway(t.token, "consent_certificates", "sandbox");
    const seg = await c.call(t.token, "POST", "/api/segments", { name: "Everyone" });
    const segmentId = (seg.json() as { data: { id: number } }).data.id;
    const { rebuildSegments } = await import("@leadflow/domain");
    await rebuildSegments(api.db, t.ctx.teamId, [segmentId]);
    const res = await c.call(t.token, "POST", "/api/segments/lookup/batch", { ids: [segmentId], type: 4, setting_gateway_id: gw });
    expect(res.statusCode, res.body).toBe(200);
    expect(await c.runLookups()).toEqual(["completed"]);
    const lead = await c.leadOf(t.ctx.teamId, "+12125550100");
    expect((await c.consentOf(t.token, lead)).records[0]!.certificate_status).toBe("verified");
  });
});

describe("the Reassigned Numbers check", () => {
  const csv = [
    "Phone,Opt-in IP,Opt-in Date",
    "2125550100,203.0.113.1,2024-05-01T12:00:00Z",
    "2125550107,203.0.113.2,2024-05-01T12:00:00Z",
    "2125550108,203.0.113.3,2024-05-01T12:00:00Z",
  ].join("\n");

  it("asks since the consent date, keeps the answer with its date on the phone, and a reassigned phone has no consent", async () => {
    const t = await c.team(csv);
    await c.setMoney(t.ctx.teamId, 5, 0);
    const fake = await startFakeFccRnd();
    try {
      const gw = await c.gateway(t.token, "rnd", "fcc_rnd", { api_key: fake.apiKey });
      await start(t.token, t.list.id, 5, gw);
      fake.rateLimitNext(1, 0);
      expect(await c.runLookups({ ...FAST, baseUrls: fake.baseUrls })).toEqual(["completed"]);
      expect([...fake.dates.values()]).toEqual(["2024-05-01", "2024-05-01", "2024-05-01"]);
      const phone = async (p: string) => (await c.consentOf(t.token, await c.leadOf(t.ctx.teamId, p))).phones[0]!;
      const reassigned = await phone("+12125550107");
      expect(reassigned).toMatchObject({ rnd_result: "reassigned", rnd_since: "2024-05-01" });
      expect(Date.parse(reassigned.rnd_checked_at!)).toBeGreaterThan(Date.now() - 60_000);
      expect(await phone("+12125550100")).toMatchObject({ rnd_result: "not_reassigned", rnd_since: "2024-05-01" });
      expect(await phone("+12125550108")).toMatchObject({ rnd_result: "no_data" });
      const proof = async (p: string) => (await c.consentOf(t.token, await c.leadOf(t.ctx.teamId, p))).proof;
      expect(await proof("+12125550107")).toMatchObject({ ok: false, reason: "reassigned" });
      expect(await proof("+12125550100")).toMatchObject({ ok: true });
      const ledger = await c.ledger(t.ctx.teamId);
      expect(ledger.items).toBe(3);
      expect(ledger.amount).toBeCloseTo(-PRICE.rnd * 3, 6);
    } finally {
      await fake.close();
    }
  });

  it("the sandbox answers too", async () => {
    const t = await c.team(csv);
    await c.setMoney(t.ctx.teamId, 5, 0);
    const gw = await c.gateway(t.token, "rnd", "sandbox");
    await start(t.token, t.list.id, 5, gw);
    expect(await c.runLookups()).toEqual(["completed"]);
    const lead = await c.leadOf(t.ctx.teamId, "+12125550107");
    expect((await c.consentOf(t.token, lead)).phones[0]).toMatchObject({ rnd_result: "reassigned", rnd_since: "2024-05-01" });
  });
});

describe("POST /api/leads/lookup", () => {
  it("refuses a gateway of another kind, an unknown type and no leads with 4xx, and another team's leads with 404", async () => {
    const t = await c.team(certificateCsv("tf"));
    await c.setMoney(t.ctx.teamId, 5, 0);
    const rnd = await c.gateway(t.token, "rnd", "sandbox");
    const wrongKind = await c.call(t.token, "POST", "/api/leads/lookup", { all: true, type: 4, setting_gateway_id: rnd });
    expect(wrongKind.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongKind.statusCode).toBeLessThan(500);
    expect(wrongKind.json().message).toBeTruthy();
    expect((await c.call(t.token, "POST", "/api/leads/lookup", { all: true, type: 9, setting_gateway_id: rnd })).statusCode).toBe(422);
    expect((await c.call(t.token, "POST", "/api/leads/lookup", { ids: [], type: 5, setting_gateway_id: rnd })).statusCode).toBe(422);

    const other = await c.team(certificateCsv("tf"));
    const theirs = await c.leadOf(other.ctx.teamId, "+12125550100");
    const res = await c.call(t.token, "POST", "/api/leads/lookup", { ids: [theirs], type: 5, setting_gateway_id: rnd });
    expect(res.statusCode).toBe(404);
    const otherGw = await c.gateway(other.token, "rnd", "sandbox");
    const mine = await c.leadOf(t.ctx.teamId, "+12125550100");
    expect((await c.call(t.token, "POST", "/api/leads/lookup", { ids: [mine], type: 5, setting_gateway_id: otherGw })).statusCode).toBe(
      404,
    );
    expect(await c.ledger(other.ctx.teamId)).toEqual({ items: 0, amount: 0 });
  });
});
