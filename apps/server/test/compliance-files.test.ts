import { ExportStatuses } from "@leadflow/contracts";
import { type ComplianceFileRef, runComplianceFile } from "@leadflow/domain";
import { setUp } from "@leadflow/domain/sending/outcomes/apply-events.testkit";
import { sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { consentHelpers } from "./consent-helpers";
import { useApi } from "./helpers";

/*
 * Compliance files (docs/compliance.md, The compliance file): asked for one lead or a selection, written by a job
 * with progress, a ZIP of a PDF and a JSON per lead, downloaded by a signed link or the bearer token; another team's
 * file, lead or consent is a 404.
 */

const api = useApi();
const c = consentHelpers(api);
const CERT = `https://cert.trustedform.com/${"c".repeat(39)}0`;
const CSV = [
  "Phone,Email,Name,TrustedForm Cert URL,Opt-in IP,Opt-in Date,Opt-in URL",
  `2125550301,ann@example.com,Ann,${CERT},203.0.113.7,2024-05-01T14:30:00Z,https://forms.example.com/quote`,
  "2125550302,bob@example.com,Bob,,203.0.113.8,2024-05-02T10:00:00Z,https://forms.example.com/quote",
  "2125550303,cy@example.com,Cy,,,,",
].join("\n");

const jobDeps = () => ({ database: api.database, live: api.live.publisher, log: () => undefined, mail: api.config.mail, appUrl: "" });
async function runQueued(opts: { failAfterLeads?: number } = {}) {
  const queued = api.jobs.sent.splice(0).filter((j) => j.name === "compliance.file");
  for (const j of queued) await runComplianceFile(jobDeps(), j.payload as ComplianceFileRef, opts);
  return queued.length;
}

/** A team with three imported leads; Ann's phone has a DNC and an RND check and a delivered campaign message. */
async function team() {
  const t = await c.team(CSV);
  const ann = await c.leadOf(t.ctx.teamId, "+12125550301");
  await api.db.execute(
    sql`UPDATE lead_phones SET dnc_checked_at = '2024-05-03T00:00:00Z', dnc_code = 'clean', rnd_result = 'not_reassigned',
          rnd_since = '2024-05-01', rnd_checked_at = '2024-05-04T00:00:00Z'
        WHERE team_id = ${t.ctx.teamId} AND lead_id = ${ann}`,
  );
  await api.db.execute(
    sql`UPDATE lead_consents SET certificate_status = 'verified', certificate_checked_at = now() WHERE team_id = ${t.ctx.teamId} AND lead_id = ${ann}`,
  );
  const s = await setUp(api.db, t.ctx.teamId);
  await api.db.execute(
    sql`INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, gateway_id, due_at,
          body, sender, provider_id, submitted_at, time_zone, us_state)
        VALUES (${t.ctx.teamId}, ${s.campaignId}, ${s.keys[0]!.stepId}, ${s.keys[0]!.partId}, ${ann}, 'sms', '+12125550301', 'delivered',
          ${s.gatewayId}, now(), 'Hi Ann, spring deals', '+12015550111', 'SM0001', now(), 'America/New_York', 'NY')`,
  );
  const leads = await Promise.all(["+12125550301", "+12125550302", "+12125550303"].map((p) => c.leadOf(t.ctx.teamId, p)));
  return { ...t, leads, ann };
}

const entries = (zip: Buffer) => unzipSync(new Uint8Array(zip));
const json = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString("utf8"));

describe("a compliance file", () => {
  it("for one lead: queued New, written with progress, a ZIP of the lead's PDF and JSON, downloaded by its signed link", async () => {
    const t = await team();
    const res = await c.call(t.token, "POST", "/api/compliance-files", { selection: { ids: [t.ann] } });
    expect(res.statusCode, res.body).toBe(200);
    const asked = res.json().data;
    expect(asked).toMatchObject({ status: ExportStatuses.new, total_leads: 1, completed_leads: 0, url: null });
    expect(asked.filename).toMatch(new RegExp(`^compliance-lead-${t.ann}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    // Not ready yet: 409, not a half file.
    expect((await c.call(t.token, "GET", `/api/compliance-files/${asked.id}/download`)).statusCode).toBe(409);

    api.live.events.splice(0);
    expect(await runQueued()).toBe(1);
    const done = (await c.call(t.token, "GET", `/api/compliance-files/${asked.id}`)).json().data;
    expect(done).toMatchObject({ status: ExportStatuses.completed, total_leads: 1, completed_leads: 1, error: null });
    expect(done.url).toMatch(new RegExp(`^/api/compliance-files/${asked.id}/download\\?token=`));
    expect(api.live.events.filter((e) => e.teamId === t.ctx.teamId || e.userId === t.ctx.userId).length).toBeGreaterThan(0);

    // The signed link works without the bearer token.
    const file = await api.app.inject({ method: "GET", url: done.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/zip");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="${asked.filename}"`);
    const zip = entries(file.rawPayload);
    expect(Object.keys(zip).sort()).toEqual(["README.txt", `lead-${t.ann}.json`, `lead-${t.ann}.pdf`]);
    expect(Buffer.from(zip[`lead-${t.ann}.pdf`]!).subarray(0, 5).toString()).toBe("%PDF-");
    const dossier = json(zip[`lead-${t.ann}.json`]!);
    expect(dossier).toMatchObject({
      format: "leadflow.compliance/1",
      lead: { id: t.ann },
      consent: {
        proof: { ok: true },
        records: [expect.objectContaining({ trusted_form_cert_url: CERT, certificate_status: "verified", ip: "203.0.113.7" })],
      },
      phones: [
        expect.objectContaining({
          phone: "+12125550301",
          rnd_result: "not_reassigned",
          rnd_since: "2024-05-01",
          dnc_checked_at: "2024-05-03T00:00:00.000Z",
        }),
      ],
    });
    expect(dossier.messages).toEqual([
      expect.objectContaining({
        to: "+12125550301",
        from: "+12015550111",
        text: "Hi Ann, spring deals",
        provider_id: "SM0001",
        state: "delivered",
        window: expect.objectContaining({ time_zone: "America/New_York", us_state: "NY" }),
      }),
    ]);

    // The bearer token works too; a forged link does not.
    expect((await c.call(t.token, "GET", `/api/compliance-files/${asked.id}/download`)).statusCode).toBe(200);
    const forged = await api.app.inject({ method: "GET", url: `${done.url.slice(0, -3)}xyz` });
    expect(forged.statusCode).toBe(404);
  });

  it("for a selection: one PDF and one JSON per lead, listed newest first", async () => {
    const t = await team();
    const res = await c.call(t.token, "POST", "/api/compliance-files", { selection: { all: true, list_id: t.list.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total_leads: 3 });
    await runQueued();
    const list = (await c.call(t.token, "GET", "/api/compliance-files")).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: ExportStatuses.completed, completed_leads: 3 });
    const zip = entries((await c.call(t.token, "GET", `/api/compliance-files/${list[0].id}/download`)).rawPayload);
    const names = Object.keys(zip).filter((n) => n !== "README.txt");
    expect(names.sort()).toEqual(t.leads.flatMap((id) => [`lead-${id}.json`, `lead-${id}.pdf`]).sort());
    // Cy gave no consent: the file says so.
    const cy = json(zip[`lead-${t.leads[2]}.json`]!);
    expect(cy.consent).toMatchObject({ records: [], proof: { ok: false, reason: "no_consent" } });
  });

  it("fails as a whole, with the reason and no file, when writing breaks", async () => {
    const t = await team();
    const res = await c.call(t.token, "POST", "/api/compliance-files", { selection: { ids: t.leads } });
    const id = res.json().data.id;
    await runQueued({ failAfterLeads: 1 });
    const failed = (await c.call(t.token, "GET", `/api/compliance-files/${id}`)).json().data;
    expect(failed).toMatchObject({ status: ExportStatuses.failed, url: null });
    expect(failed.error).toMatch(/Simulated failure/);
    const dl = await c.call(t.token, "GET", `/api/compliance-files/${id}/download`);
    expect(dl.statusCode).toBe(409);
    expect(dl.json().message).toBe("The compliance file failed; ask for it again.");
  });

  it("refuses bad input with 422 and another team's leads, files and consent with 404", async () => {
    const t = await team();
    const other = await team();
    expect((await c.call(t.token, "POST", "/api/compliance-files", { selection: { ids: [] } })).statusCode).toBe(422);
    expect((await c.call(t.token, "POST", "/api/compliance-files", {})).statusCode).toBe(422);
    expect((await c.call(t.token, "POST", "/api/compliance-files", { selection: { ids: [other.ann] } })).statusCode).toBe(404);
    expect((await c.call(t.token, "GET", `/api/leads/${other.ann}/consent`)).statusCode).toBe(404);
    expect((await c.call(t.token, "GET", "/api/leads/abc/consent")).statusCode).toBe(422);

    const theirs = (await c.call(other.token, "POST", "/api/compliance-files", { selection: { ids: [other.ann] } })).json().data;
    await runQueued();
    const done = (await c.call(other.token, "GET", `/api/compliance-files/${theirs.id}`)).json().data;
    expect((await c.call(t.token, "GET", `/api/compliance-files/${theirs.id}`)).statusCode).toBe(404);
    expect((await c.call(t.token, "GET", `/api/compliance-files/${theirs.id}/download`)).statusCode).toBe(404);
    expect((await c.call(t.token, "GET", "/api/compliance-files")).json().data).toEqual([]);
    // Their link opens only their file: with another id it is a 404.
    const mine = (await c.call(t.token, "POST", "/api/compliance-files", { selection: { ids: [t.ann] } })).json().data;
    await runQueued();
    const swapped = done.url.replace(`/compliance-files/${theirs.id}/`, `/compliance-files/${mine.id}/`);
    expect((await api.app.inject({ method: "GET", url: swapped })).statusCode).toBe(404);
    // Neither a link nor a bearer token: not signed in.
    expect((await api.app.inject({ method: "GET", url: `/api/compliance-files/${theirs.id}/download` })).statusCode).toBe(401);
  });
});
