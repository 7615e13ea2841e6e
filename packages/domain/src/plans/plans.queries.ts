import type { Plan, PlanList, TeamPlan } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { type DbOrTx, one, rows } from "../shared/rows";

/** A `plans` row as SQL reads it; numeric comes back as text on node-postgres. */
export interface PlanRow {
  key: string;
  name: string;
  price_uah: string | number;
  leads_limit: number | null;
  audiences_limit: number | null;
  sources_limit: number | null;
  lists_limit: number | null;
  free_sms: number;
  alpha_names_limit: number | null;
  manage_short_url_domains: boolean;
}

export const planColumns = sql`p.key, p.name, p.price_uah, p.leads_limit, p.audiences_limit, p.sources_limit, p.lists_limit,
  p.free_sms, p.alpha_names_limit, p.manage_short_url_domains`;

export function presentPlan(r: PlanRow): Plan {
  return {
    key: r.key,
    name: r.name,
    price_uah: Number(r.price_uah),
    limits: {
      leads: r.leads_limit,
      audiences: r.audiences_limit,
      sources: r.sources_limit,
      lists: r.lists_limit,
      free_sms: r.free_sms,
      alpha_names: r.alpha_names_limit,
      manage_short_url_domains: r.manage_short_url_domains,
    },
  };
}

/** The price list, in the order the platform sells the plans. */
export async function listPlans(db: DbOrTx): Promise<PlanList> {
  const data = await rows<PlanRow>(db, sql`SELECT ${planColumns} FROM plans p ORDER BY p.sort_order, p.price_uah, p.id`);
  return { data: data.map(presentPlan) };
}

/** A plan by its key; an unknown key is a 422 that names the keys there are. */
export async function findPlan(db: DbOrTx, key: string): Promise<Plan> {
  const row = await one<PlanRow>(db, sql`SELECT ${planColumns} FROM plans p WHERE p.key = ${key}`);
  if (row) return presentPlan(row);
  const { data } = await listPlans(db);
  const message = `There is no plan "${key}". Plans: ${data.map((p) => p.key).join(", ")}.`;
  throw new AppError("plan_not_found", message, { plan: [message] });
}

/**
 * GET /api/plan: the team's plan and what it holds against the limits. Leads are counted through the leads'
 * primary key (an index-only scan, no lead row read); audiences are the top-level segments.
 */
export async function teamPlan(db: DbOrTx, teamId: number): Promise<TeamPlan> {
  const row = await one<PlanRow & { leads: number; audiences: number; sources: number; lists: number; free_sms_left: number }>(
    db,
    sql`SELECT ${planColumns},
          (SELECT count(*) FROM leads WHERE team_id = t.id)::int AS leads,
          (SELECT count(*) FROM segments WHERE team_id = t.id AND parent_id IS NULL)::int AS audiences,
          (SELECT count(*) FROM sources WHERE team_id = t.id)::int AS sources,
          (SELECT count(*) FROM lists WHERE team_id = t.id)::int AS lists,
          COALESCE((SELECT free_sms FROM team_balances WHERE team_id = t.id), 0)::int AS free_sms_left
        FROM teams t JOIN plans p ON p.key = t.plan_key WHERE t.id = ${teamId}`,
  );
  if (!row) throw new AppError("not_found");
  const { leads, audiences, sources, lists, free_sms_left } = row;
  return { plan: presentPlan(row), usage: { leads, audiences, sources, lists, free_sms_left } };
}
