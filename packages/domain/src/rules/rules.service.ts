import {
  type ListRulesQuery,
  type Page,
  type Rule,
  type RuleSortKeys,
  RuleTypeLabels,
  RuleTypes,
  type SaveRule,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { TeamCtx } from "../shared/context";
import { AppError, fieldError } from "../shared/errors";
import { likePattern, mapPage, pagedQuery, type SortMap } from "../shared/paging";
import { type DbOrTx, dbTimestamp, iso, one } from "../shared/rows";

/** A rule as read; its params are read by type (`paramsOf`), so a row from before a field existed still fits. */
const RuleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(RuleTypes),
  is_active: z.boolean(),
  coverage: z.number(),
  params: z.record(z.string(), z.unknown()).nullable(),
  created_at: dbTimestamp,
});
type RuleRow = z.input<typeof RuleRow>;

const columns = sql`id, name, type, is_active, coverage, params, created_at`;

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : 0);

/**
 * The stored params as the type has them: its own keys only, a missing number 0. Rows are written through the
 * contract, so this only matters for a row from before a field existed.
 */
function paramsOf(r: RuleRow): Rule {
  const p = r.params ?? {};
  const base = { id: r.id, name: r.name, type_label: RuleTypeLabels[r.type], is_active: r.is_active, coverage: r.coverage };
  const created_at = iso(r.created_at)!;
  switch (r.type) {
    case 1:
    case 2:
    case 3:
      return { ...base, type: r.type, params: { period: num(p.period) }, created_at };
    case 4:
      return {
        ...base,
        type: 4,
        params: {
          frequency_count: num(p.frequency_count),
          frequency_period: num(p.frequency_period),
          reset_time: typeof p.reset_time === "string" ? p.reset_time : "",
        },
        created_at,
      };
    case 5:
      return {
        ...base,
        type: 5,
        params: { profit_percent: num(p.profit_percent), increase_percent: num(p.increase_percent), max_frequency: num(p.max_frequency) },
        created_at,
      };
    default:
      throw new Error(`Rule ${r.id} has an unknown type ${String(r.type)}.`);
  }
}

const ruleSorts = {
  name: sql`lower(name)`,
  type: sql`type`,
  is_active: sql`is_active`,
  coverage: sql`coverage`,
  created_at: sql`created_at`,
  id: sql`id`,
} satisfies SortMap<(typeof RuleSortKeys)[number]>;

/** GET /api/rules: newest first by default; `type` and `is_active` narrow it, `search` finds a name. */
export async function listRules(db: DbOrTx, ctx: TeamCtx, q: ListRulesQuery): Promise<Page<Rule>> {
  let where = sql`team_id = ${ctx.teamId}`;
  if (q.type !== undefined) where = sql`${where} AND type = ${q.type}`;
  if (q.is_active !== undefined) where = sql`${where} AND is_active = ${q.is_active}`;
  if (q.search) where = sql`${where} AND name ILIKE ${likePattern(q.search)}`;
  const page = await pagedQuery(db, q, {
    row: RuleRow,
    select: sql`SELECT ${columns} FROM rules`,
    from: sql`FROM rules`,
    where,
    sorts: ruleSorts,
    fallback: { key: "created_at", direction: "desc" },
    tieBreak: sql`id DESC`,
  });
  return mapPage(page, paramsOf);
}

export async function getRule(db: DbOrTx, ctx: TeamCtx, id: number): Promise<Rule> {
  const row = await one(db, sql`SELECT ${columns} FROM rules WHERE team_id = ${ctx.teamId} AND id = ${id}`, RuleRow);
  if (!row) throw new AppError("rule_not_found");
  return paramsOf(row);
}

export async function createRule(db: DbOrTx, ctx: TeamCtx, input: SaveRule): Promise<Rule> {
  const row = await one(
    db,
    sql`INSERT INTO rules (team_id, name, type, is_active, coverage, params)
        VALUES (${ctx.teamId}, ${input.name}, ${input.type}, ${input.is_active}, ${input.coverage}, ${JSON.stringify(input.params)}::jsonb)
        RETURNING ${columns}`,
    RuleRow,
  );
  return paramsOf(row!);
}

/** A rule's type cannot change once saved (the dialog disables it; a request that tries is a 422 on `type`). */
export async function updateRule(db: DbOrTx, ctx: TeamCtx, id: number, input: SaveRule): Promise<Rule> {
  const current = await getRule(db, ctx, id);
  if (current.type !== input.type) throw fieldError("rule_type_locked", "type");
  const row = await one(
    db,
    sql`UPDATE rules SET name = ${input.name}, is_active = ${input.is_active}, coverage = ${input.coverage},
          params = ${JSON.stringify(input.params)}::jsonb, updated_at = now()
        WHERE team_id = ${ctx.teamId} AND id = ${id} AND type = ${input.type}
        RETURNING ${columns}`,
    RuleRow,
  );
  if (!row) throw new AppError("rule_not_found");
  return paramsOf(row);
}

export async function deleteRule(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  const gone = await one(db, sql`DELETE FROM rules WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`);
  if (!gone) throw new AppError("rule_not_found");
}
