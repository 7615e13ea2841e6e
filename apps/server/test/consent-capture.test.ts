import type { ImportUploadResponse, LeadConsent } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { useApi } from "./helpers";
import { importHelpers } from "./imports-helpers";

/*
 * Consent captured with the leads (docs/compliance.md, What is kept): a file's consent columns, recognised by their
 * headings, and the public import API's `consent` object each add one append-only record per lead; a bad value is
 * reported on its row and the lead imports without it.
 */

const api = useApi({ LEADFLOW_IMPORT_API_BAD_KEY_LIMIT: "1000" });

const CERT = `https://cert.trustedform.com/${"a".repeat(39)}1`;
const LEADID = "0A1B2C3D-0000-4000-8000-000000000001";
const CSV = [
  "Phone,Name,TrustedForm Cert URL,LeadiD,Opt-in IP,Opt-in Date,Opt-in URL",
  `2125550101,Ann,${CERT},${LEADID},203.0.113.7,2024-05-01T14:30:00Z,https://forms.example.com/quote`,
  "2125550102,Bob,https://evil.example.com/cert,not-a-token,203.0.113.8,2024-05-02 10:00,https://forms.example.com/quote",
  "2125550103,Cy,,,198.51.100.9,2999-01-01T00:00:00Z,https://forms.example.com/quote",
].join("\n");

/** Upload, accept the suggested mapping (consent columns included), dispatch and run: answers the import id. */
async function importWithSuggestions(token: string, listId: number, csv: string) {
  const im = importHelpers(api);
  const h = api.auth(token);
  const up = await im.upload(token, listId, "consent.csv", csv);
  expect(up.statusCode, up.body).toBe(201);
  const body = up.json() as ImportUploadResponse;
  const attributes = body.mapping.map((m) => ({
    processing_document_attribute_id: m.processing_document_attribute_id,
    lead_attribute_id: m.consent_field ? null : m.lead_attribute_id,
    consent_field: m.consent_field,
  }));
  const mapped = await api.app.inject({
    method: "POST",
    url: `/api/sync-import/${body.data.sync_import.id}/import-attributes/multiple`,
    headers: h,
    payload: { attributes },
  });
  expect(mapped.statusCode, mapped.body).toBe(200);
  expect((await api.app.inject({ method: "POST", url: `/api/imports/${body.data.id}/dispatch`, headers: h })).statusCode).toBe(200);
  await im.runQueued();
  return { id: body.data.id, suggestions: body.mapping };
}

const consentOf = async (token: string, leadId: number) =>
  (await api.app.inject({ method: "GET", url: `/api/leads/${leadId}/consent`, headers: api.auth(token) })).json() as LeadConsent;
const leadOf = async (teamId: number, phone: string) =>
  Number(
    (await api.database.query<{ id: string }>("SELECT lead_id AS id FROM lead_phones WHERE team_id = $1 AND phone = $2", [teamId, phone]))
      .rows[0]!.id,
  );

describe("consent columns of a file import", () => {
  it("suggests the consent fields by heading, keeps one record per lead and reports each bad value on its row", async () => {
    const im = importHelpers(api);
    const t = await im.team();
    const { id, suggestions } = await importWithSuggestions(t.token, t.list.id, CSV);
    expect(suggestions.map((s) => [s.heading, s.consent_field])).toEqual([
      ["Phone", null],
      ["Name", null],
      ["TrustedForm Cert URL", "trusted_form_cert_url"],
      ["LeadiD", "leadid_token"],
      ["Opt-in IP", "ip"],
      ["Opt-in Date", "captured_at"],
      ["Opt-in URL", "page_url"],
    ]);
    const state = await im.get(t.token, id);
    expect(state.status).toBe("completed");
    // Every lead imported, the ones with refused values too.
    expect(await im.count("SELECT count(*)::int AS n FROM leads WHERE team_id = $1", [t.ctx.teamId])).toBe(3);

    const ann = await consentOf(t.token, await leadOf(t.ctx.teamId, "+12125550101"));
    expect(ann.records).toHaveLength(1);
    expect(ann.records[0]).toMatchObject({
      trusted_form_cert_url: CERT,
      leadid_token: LEADID,
      ip: "203.0.113.7",
      page_url: "https://forms.example.com/quote",
      origin: "import",
      import_id: id,
      certificate_named: true,
      certificate_status: null,
      is_proof: false,
    });
    expect(Date.parse(ann.records[0]!.captured_at!)).toBe(Date.parse("2024-05-01T14:30:00Z"));

    // Bob's certificate URL and token are refused; his IP, date and page are kept.
    const bob = await consentOf(t.token, await leadOf(t.ctx.teamId, "+12125550102"));
    expect(bob.records[0]).toMatchObject({ trusted_form_cert_url: null, leadid_token: null, ip: "203.0.113.8", is_proof: true });
    // Cy's capture time lies in the future: refused; the record keeps the rest.
    const cy = await consentOf(t.token, await leadOf(t.ctx.teamId, "+12125550103"));
    expect(cy.records[0]).toMatchObject({ captured_at: null, ip: "198.51.100.9", is_proof: false });

    const history = (await api.app.inject({ method: "GET", url: `/api/import-files/${id}/history`, headers: t.h })).json().data as {
      line: number;
      status: string;
      failed_reason: string;
      failed_reason_label: string;
    }[];
    expect(history.map((r) => [r.line, r.status, r.failed_reason])).toEqual([
      [2, "imported", "invalid_consent"],
      [3, "imported", "invalid_consent"],
    ]);
    expect(history[0]!.failed_reason_label).toMatch(/TrustedForm certificate URL must be https:\/\/cert\.trustedform\.com/);
    expect(history[0]!.failed_reason_label).toMatch(/Jornaya LeadiD must be a 36-character token/);
    expect(history[1]!.failed_reason_label).toBe("The consent capture time is in the future.");
  });

  it("adds a record on a re-import and never edits the first", async () => {
    const im = importHelpers(api);
    const t = await im.team();
    const first = await importWithSuggestions(t.token, t.list.id, CSV.split("\n").slice(0, 2).join("\n"));
    const lead = await leadOf(t.ctx.teamId, "+12125550101");
    const before = (await consentOf(t.token, lead)).records;
    const again = [
      "Phone,xxTrustedFormCertUrl,jornaya_leadid,Opt-in IP,Opt-in Date",
      `2125550101,${CERT.slice(0, -1)}2,,192.0.2.1,05/03/2024 09:15 AM`,
    ].join("\n");
    const second = await importWithSuggestions(t.token, t.list.id, again);
    expect(second.suggestions.map((s) => s.consent_field)).toEqual([null, "trusted_form_cert_url", "leadid_token", "ip", "captured_at"]);
    const after = (await consentOf(t.token, lead)).records;
    expect(after).toHaveLength(2);
    // Newest first; the first record exactly as it was.
    expect(after[1]).toEqual(before[0]);
    expect(after[0]).toMatchObject({ import_id: second.id, ip: "192.0.2.1", trusted_form_cert_url: `${CERT.slice(0, -1)}2` });
    expect(Date.parse(after[0]!.captured_at!)).toBe(Date.parse("2024-05-03T09:15:00Z"));
    expect(first.id).not.toBe(second.id);
  });
});

describe("the public import API's consent object", () => {
  async function teamWithKey() {
    const team = await api.factory.team();
    const source = await api.factory.source(team.ctx);
    const list = await api.factory.list(team.ctx, source.id);
    const res = await api.app.inject({
      method: "POST",
      url: "/api/import-lists",
      headers: api.auth(team.token),
      payload: { name: "Form", source_id: source.id, list_id: list.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { team, key: res.json().data.api_key as string };
  }
  const push = (key: string, body: object) =>
    api.app.inject({ method: "POST", url: `/api/import/lead?api_key=${encodeURIComponent(key)}`, payload: body });
  const phone = (value: string) => ({ attributes: [{ type: "phone", attribute: "Phone", value }] });

  it("keeps one record per lead, reports refused values per lead and still saves the lead", async () => {
    const { team, key } = await teamWithKey();
    const res = await push(key, {
      leads: [
        {
          ...phone("2125550111"),
          consent: {
            trusted_form_cert_url: CERT,
            leadid_token: LEADID,
            ip: "203.0.113.7",
            user_agent: "Mozilla/5.0",
            page_url: "https://forms.example.com/quote",
            language: "By clicking Submit I agree to receive texts.",
            captured_at: "2024-05-01T14:30:00Z",
          },
        },
        { ...phone("2125550112"), consent: { trusted_form_cert_url: "https://cert.example.com/abc", captured_at: "2999-01-01" } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.leads as {
      status: string;
      lead_id: number;
      reason: string | null;
      errors?: Record<string, string[]>;
    }[];
    expect(results[0]).toMatchObject({ status: "created", reason: null });
    expect(results[1]).toMatchObject({ status: "created", reason: "invalid_consent" });
    expect(Object.keys(results[1]!.errors ?? {}).sort()).toEqual(["consent.captured_at", "consent.trusted_form_cert_url"]);

    const first = await consentOf(team.token, results[0]!.lead_id);
    expect(first.records).toEqual([
      expect.objectContaining({
        origin: "api",
        user_agent: "Mozilla/5.0",
        language: "By clicking Submit I agree to receive texts.",
        leadid_token: LEADID,
        trusted_form_cert_url: CERT,
      }),
    ]);
    // The refused lead has no record: nothing good was left of its consent.
    expect((await consentOf(team.token, results[1]!.lead_id)).records).toEqual([]);

    // Again for the same phone: a second record, the first untouched.
    const again = await push(key, {
      leads: [{ ...phone("2125550111"), consent: { ip: "192.0.2.44", captured_at: "2024-06-01T00:00:00Z" } }],
    });
    expect(again.json().data.leads[0]).toMatchObject({ status: "merged", lead_id: results[0]!.lead_id });
    const both = (await consentOf(team.token, results[0]!.lead_id)).records;
    expect(both).toHaveLength(2);
    expect(both[1]).toEqual(first.records[0]);
  });

  it("refuses a consent that is not an object with a 422", async () => {
    const { key } = await teamWithKey();
    const res = await push(key, { leads: [{ ...phone("2125550113"), consent: "yes" }] });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain("The consent field must be an object.");
  });
});
