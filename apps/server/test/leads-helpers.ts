import type { LeadDetail, LeadTablePage } from "@leadflow/contracts";
import type { Api } from "./helpers";
import { importHelpers } from "./imports-helpers";

type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface CounterRow {
  id: number;
  total_leads: number;
  total_flagged_leads: number;
  total_blacklisted_leads: number;
  contacts_total: number;
  contacts_looked_up: number;
  contacts_verified: number;
}

/** Leads made the way users make them: a CSV imported into a list (phone, email and string columns). */
export function leadHelpers(api: Api) {
  const im = importHelpers(api);
  const call = (token: string, method: Method, url: string, payload?: object) =>
    api.app.inject({ method, url, payload, headers: api.auth(token) });
  const q = async <R>(text: string, params: unknown[] = []) => (await api.database.query<R>(text, params)).rows;

  return {
    call,
    q,
    /** A team with a source and a list, and `csv` (header line first) imported into it; answers the lead ids, oldest first. */
    async team(csv: string, mapping: Record<string, number | string | null> = {}) {
      const team = await api.factory.team();
      const source = await api.factory.source(team.ctx, { name: "Web" });
      const list = await api.factory.list(team.ctx, source.id, { name: "April" });
      const imported = await this.importInto(team.token, list.id, csv, mapping);
      return { ...team, source, list, ...imported };
    },
    /** Imports `csv`; headings other than Phone and Email become (or reuse) attributes of their own name unless mapped. */
    async importInto(token: string, listId: number, csv: string, mapping: Record<string, number | string | null> = {}) {
      const headings = csv.split("\n")[0]!.split(",");
      const named = Object.fromEntries(headings.filter((x) => !["Phone", "Email"].includes(x)).map((x) => [x, x]));
      const importId = await im.start(token, listId, `leads-${listId}.csv`, csv, { ...named, ...mapping });
      await im.runQueued();
      const state = await im.get(token, importId);
      if (state.status !== "completed") throw new Error(`import ${importId} ended ${state.status}: ${state.message}`);
      return { importId };
    },
    async leadIds(teamId: number): Promise<number[]> {
      return (await q<{ id: number }>("SELECT id::int AS id FROM leads WHERE team_id = $1 ORDER BY id", [teamId])).map((r) => r.id);
    },
    async page(token: string, url: string): Promise<LeadTablePage> {
      const res = await call(token, "GET", url);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as LeadTablePage;
    },
    async lead(token: string, id: number): Promise<LeadDetail> {
      const res = await call(token, "GET", `/api/leads/${id}`);
      if (res.statusCode !== 200) throw new Error(`lead ${id}: ${res.statusCode} ${res.body}`);
      return res.json() as LeadDetail;
    },
    /**
     * Every counter of the team's lists and sources next to a recount from list_leads: a list counts each member
     * once, a source each lead once however many of its lists hold it; contacts are the members' phones and emails.
     */
    async counters(teamId: number) {
      const counted = (scope: "list" | "source") => `
        WITH m AS (
          SELECT DISTINCT ${scope === "list" ? "ll.list_id" : "li.source_id"} AS owner, ll.lead_id
          FROM list_leads ll JOIN lists li ON li.id = ll.list_id WHERE ll.team_id = $1),
        c AS (
          SELECT lead_id, count(*) AS n, count(looked_up_at) AS looked, count(verified_at) AS verified FROM (
            SELECT lead_id, looked_up_at, verified_at FROM lead_phones WHERE team_id = $1
            UNION ALL SELECT lead_id, looked_up_at, verified_at FROM lead_emails WHERE team_id = $1) x GROUP BY lead_id)
        SELECT m.owner AS id, count(*)::int AS total_leads,
          count(*) FILTER (WHERE l.status = 3)::int AS total_flagged_leads, count(*) FILTER (WHERE l.status = 2)::int AS total_blacklisted_leads,
          COALESCE(sum(c.n), 0)::int AS contacts_total, COALESCE(sum(c.looked), 0)::int AS contacts_looked_up,
          COALESCE(sum(c.verified), 0)::int AS contacts_verified
        FROM m JOIN leads l ON l.team_id = $1 AND l.id = m.lead_id LEFT JOIN c ON c.lead_id = m.lead_id
        GROUP BY m.owner`;
      const kept = (table: string) => `
        SELECT id, total_leads::int, total_flagged_leads::int, total_blacklisted_leads::int, contacts_total::int,
          contacts_looked_up::int, contacts_verified::int FROM ${table} WHERE team_id = $1 ORDER BY id`;
      const zero = {
        total_leads: 0,
        total_flagged_leads: 0,
        total_blacklisted_leads: 0,
        contacts_total: 0,
        contacts_looked_up: 0,
        contacts_verified: 0,
      };
      const pair = async (table: string, scope: "list" | "source") => {
        const stored = await q<CounterRow>(kept(table), [teamId]);
        const recount = new Map((await q<CounterRow>(counted(scope), [teamId])).map((r) => [r.id, r]));
        return { stored, recounted: stored.map((s) => ({ ...zero, ...recount.get(s.id), id: s.id })) };
      };
      return { lists: await pair("lists", "list"), sources: await pair("sources", "source") };
    },
  };
}
export type LeadHelpers = ReturnType<typeof leadHelpers>;

/** `n` CSV lines `Phone,Email,City,Name`: distinct valid phones (212-555-01xx …) and emails, cities repeating. */
export function leadCsv(n: number, opts: { offset?: number; extra?: (i: number) => string } = {}): string {
  const lines = ["Phone,Email,City,Name"];
  for (let i = 0; i < n; i++) {
    const k = i + (opts.offset ?? 0);
    const phone = `(212) 555-${String(1000 + k).padStart(4, "0")}`;
    lines.push(`${phone},Person${k}@Example.com,${["Austin", "Boston", "Chicago"][k % 3]},Name ${k}${opts.extra?.(k) ?? ""}`);
  }
  return `${lines.join("\n")}\n`;
}
