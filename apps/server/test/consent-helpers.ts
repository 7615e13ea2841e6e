import type { ImportUploadResponse, LeadConsent } from "@leadflow/contracts";
import { type ProviderOptions, runLookupJob } from "@leadflow/domain";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Api } from "./helpers";
import { importHelpers } from "./imports-helpers";

/** Consent test data made the way users make it: a CSV with consent columns, mapped as the upload suggests. */
export function consentHelpers(api: Api) {
  const im = importHelpers(api);
  const call = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    api.app.inject({ method, url, headers: api.auth(token), ...(payload === undefined ? {} : { payload }) });

  /** Upload, accept the suggested mapping (consent columns included), dispatch and run: answers the import id. */
  async function importWithSuggestions(token: string, listId: number, csv: string) {
    const up = await im.upload(token, listId, "consent.csv", csv);
    expect(up.statusCode, up.body).toBe(201);
    const body = up.json() as ImportUploadResponse;
    const attributes = body.mapping.map((m) => ({
      processing_document_attribute_id: m.processing_document_attribute_id,
      lead_attribute_id: m.consent_field ? null : m.lead_attribute_id,
      consent_field: m.consent_field,
    }));
    const mapped = await call(token, "POST", `/api/sync-import/${body.data.sync_import.id}/import-attributes/multiple`, { attributes });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect((await call(token, "POST", `/api/imports/${body.data.id}/dispatch`)).statusCode).toBe(200);
    await im.runQueued();
    return { id: body.data.id, suggestions: body.mapping };
  }

  return {
    call,
    importWithSuggestions,
    /** A fresh team with a list holding the CSV's leads. */
    async team(csv: string) {
      const t = await im.team();
      const imported = await importWithSuggestions(t.token, t.list.id, csv);
      return { ...t, importId: imported.id };
    },
    async consentOf(token: string, leadId: number): Promise<LeadConsent> {
      const res = await call(token, "GET", `/api/leads/${leadId}/consent`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as LeadConsent;
    },
    async leadOf(teamId: number, phone: string): Promise<number> {
      const found = await api.database.query<{ id: string }>("SELECT lead_id AS id FROM lead_phones WHERE team_id = $1 AND phone = $2", [
        teamId,
        phone,
      ]);
      return Number(found.rows[0]!.id);
    },
    setMoney: (teamId: number, balance: number, free: number) =>
      api.db.execute(
        sql`INSERT INTO team_balances (team_id, balance, free_lookups) VALUES (${teamId}, ${balance}, ${free})
            ON CONFLICT (team_id) DO UPDATE SET balance = EXCLUDED.balance, free_lookups = EXCLUDED.free_lookups`,
      ),
    /** A gateway of the team; answers its id. */
    async gateway(token: string, kind: string, type: string, params: Record<string, string> = {}) {
      const res = await call(token, "POST", "/api/gateways", { kind, type, name: `${type} ${Math.random()}`, params, rate_limit: 100 });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    },
    /** Runs the lookup jobs queued so far, as a worker would. */
    async runLookups(providerOptions: ProviderOptions = {}) {
      const queued = api.jobs.sent.splice(0).filter((j) => j.name === "lookups.run");
      const outcomes: string[] = [];
      for (const j of queued) {
        const p = j.payload as { teamId: number; jobId: number };
        outcomes.push(await runLookupJob({ db: api.db, live: api.live.publisher, batchSize: 50, providerOptions }, p.teamId, p.jobId));
      }
      return outcomes;
    },
    /** The team's lookup charges in the ledger: items and dollars. */
    async ledger(teamId: number) {
      const found = await api.database.query<{ items: number; amount: string | null }>(
        "SELECT COALESCE(sum(items), 0)::int AS items, sum(amount) AS amount FROM balance_transactions WHERE team_id = $1 AND kind = 'lookup'",
        [teamId],
      );
      return { items: found.rows[0]!.items, amount: Number(found.rows[0]!.amount ?? 0) };
    },
  };
}
