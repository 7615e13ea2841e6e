import { type ListLookupsQuery, type LookupJob, type LookupJobPage, LookupStatuses, type LookupType } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { likePattern, mapPage, pagedQuery, type SortMap } from "../shared/paging";
import { type DbOrTx, dbNumeric, dbTimestamp, iso, one } from "../shared/rows";

const id = z.number().int();
const name = z.string().nullable();

/** A lookup job row with its names joined (source, list, segment and parent, gateway, import file). */
export const LookupJobRow = z.object({
  id,
  type: z.number().int(),
  source_id: id.nullable(),
  source_name: name,
  list_id: id.nullable(),
  list_name: name,
  segment_id: id.nullable(),
  segment_name: name,
  parent_id: id.nullable(),
  parent_name: name,
  lead_id: dbNumeric.nullable(),
  import_id: id.nullable(),
  import_name: name,
  gateway_id: id.nullable(),
  gateway_name: name,
  status: z.number().int(),
  total_count: z.number().int(),
  count: z.number().int(),
  reused_count: z.number().int(),
  failed_count: z.number().int(),
  service_items_count: z.number().int(),
  cost: dbNumeric,
  service_cost: dbNumeric,
  error: z.string().nullable(),
  started_at: dbTimestamp.nullable(),
  finished_at: dbTimestamp.nullable(),
  run_started_at: dbTimestamp.nullable(),
  run_base_count: z.number().int(),
  created_at: dbTimestamp,
  updated_at: dbTimestamp,
  now: dbTimestamp,
});
export type LookupJobRow = z.input<typeof LookupJobRow>;

/** Lookup jobs with what names them: the list's page and its count read the same rows. */
const jobsFrom = sql`
  FROM lookup_jobs j
  LEFT JOIN sources s ON s.team_id = j.team_id AND s.id = j.source_id
  LEFT JOIN lists l ON l.team_id = j.team_id AND l.id = j.list_id
  LEFT JOIN segments seg ON seg.team_id = j.team_id AND seg.id = j.segment_id
  LEFT JOIN segments par ON par.team_id = j.team_id AND par.id = seg.parent_id
  LEFT JOIN gateways g ON g.id = j.gateway_id
  LEFT JOIN imports imp ON imp.team_id = j.team_id AND imp.id = j.import_id`;

const select = sql`
  SELECT j.*, s.name AS source_name, l.name AS list_name, g.name AS gateway_name,
         seg.name AS segment_name, seg.parent_id, par.name AS parent_name, imp.filename AS import_name, now() AS now
  ${jobsFrom}`;

/** "1h 5m", "3m 20s", "12s": what the remaining items take at the current run's pace. */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  if (h) return `${h}h ${m}m`;
  if (m) return `${m}m ${r}s`;
  return `${r}s`;
}

export function toLookupJob(r: LookupJobRow): LookupJob {
  const total = Number(r.total_count);
  const count = Number(r.count);
  const percent = total > 0 ? Math.min(100, Math.round((count / total) * 1000) / 10) : r.status === LookupStatuses.completed ? 100 : 0;
  let timeLeft: string | null = null;
  if (r.status === LookupStatuses.running && r.run_started_at && total > count) {
    const elapsed = (new Date(r.now).getTime() - new Date(r.run_started_at).getTime()) / 1000;
    const done = count - Number(r.run_base_count);
    if (done > 0 && elapsed > 0) timeLeft = formatTimeLeft(((total - count) * elapsed) / done);
  }
  const cost = Number(r.cost);
  return {
    id: r.id,
    type: Number(r.type) as LookupType,
    lead_type: Number(r.type),
    source: r.source_id && r.source_name !== null ? { id: r.source_id, name: r.source_name } : null,
    list: r.list_id && r.list_name !== null ? { id: r.list_id, name: r.list_name } : null,
    segment:
      r.segment_id && r.segment_name !== null
        ? {
            id: r.segment_id,
            name: r.segment_name,
            parent: r.parent_id && r.parent_name !== null ? { id: r.parent_id, name: r.parent_name } : null,
          }
        : null,
    lead: r.lead_id ? { id: Number(r.lead_id) } : null,
    import: r.import_id ? { id: r.import_id, name: r.import_name ?? `Import #${r.import_id}` } : null,
    gateway: r.gateway_id && r.gateway_name !== null ? { id: r.gateway_id, name: r.gateway_name } : null,
    setting_gateway_id: r.gateway_id,
    status: Number(r.status),
    total_count: total,
    count,
    reused_count: Number(r.reused_count),
    failed_count: Number(r.failed_count),
    cost,
    service_items_count: Number(r.service_items_count),
    service_cost: Number(r.service_cost),
    paid: cost > 0,
    percent,
    time_left: timeLeft,
    error: r.error,
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
    created_at: iso(r.created_at) ?? "",
    updated_at: iso(r.updated_at) ?? "",
  };
}

export async function getLookupJob(db: DbOrTx, teamId: number, id: number): Promise<LookupJob> {
  const row = await one(db, sql`${select} WHERE j.team_id = ${teamId} AND j.id = ${id}`, LookupJobRow);
  if (!row) throw new AppError("lookup_not_found");
  return toLookupJob(row);
}

const jobSorts = {
  id: sql`j.id`,
  total_count: sql`j.total_count`,
  count: sql`j.count`,
  cost: sql`j.cost`,
  service_cost: sql`j.service_cost`,
  service_items_count: sql`j.service_items_count`,
  percent: sql`(CASE WHEN j.total_count > 0 THEN j.count::float / j.total_count ELSE 0 END)`,
  status: sql`j.status`,
  created_at: sql`j.created_at`,
} satisfies SortMap<string>;

export async function listLookupJobs(db: DbOrTx, ctx: TeamCtx, q: ListLookupsQuery): Promise<LookupJobPage> {
  const where: SQL[] = [sql`j.team_id = ${ctx.teamId}`];
  if (q.source_id) where.push(sql`(j.source_id = ${q.source_id} OR l.source_id = ${q.source_id})`);
  if (q.list_id) where.push(sql`j.list_id = ${q.list_id}`);
  if (q.segment_id) where.push(sql`j.segment_id = ${q.segment_id}`);
  if (q.active) {
    const { running, paused, completed, stopped } = LookupStatuses;
    where.push(
      sql`(j.status IN (${running}, ${paused}) OR (j.status IN (${completed}, ${stopped}) AND j.finished_at > now() - interval '1 minute'))`,
    );
  }
  if (q.search) {
    const p = likePattern(q.search);
    where.push(sql`(s.name ILIKE ${p} OR l.name ILIKE ${p} OR seg.name ILIKE ${p} OR g.name ILIKE ${p} OR imp.filename ILIKE ${p})`);
  }
  const page = await pagedQuery(db, q, {
    row: LookupJobRow,
    select,
    from: jobsFrom,
    where: sql.join(where, sql` AND `),
    sorts: jobSorts,
    fallback: { key: "id", direction: "desc" },
    tieBreak: sql`j.id DESC`,
  });
  return mapPage(page, toLookupJob);
}
