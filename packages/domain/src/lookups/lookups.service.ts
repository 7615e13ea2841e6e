import {
  type BulkLookupStatus,
  type LookupJob,
  LookupStatuses,
  type LookupType,
  LookupTypeGatewayKind,
  LookupTypes,
  type RelookupLead,
  RelookupLeadTypeOf,
  type SaveLookup,
  type SetLookupStatus,
} from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { affordableItems, releaseHolds } from "../billing";
import { loadGatewayForRun } from "../gateways";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one, rows } from "../shared/rows";
import { getLookupJob } from "./lookup-jobs.queries";
import { countScopeItems, type LookupScope } from "./lookup-scope";

/*
 * Creating, starting, pausing and stopping lookup jobs. The routes enqueue a
 * runner (lookups.jobs.ts) for every job these leave running; the runner notices pauses and stops between
 * batches.
 */

/** The gateway a lookup of this type may use: the team's own (or a platform default), of the type's kind, active, allowing lookups. */
export async function usableGateway(db: DbOrTx, ctx: TeamCtx, type: LookupType, gatewayId: number, field = "setting_gateway_id") {
  const g = await loadGatewayForRun(db, ctx.teamId, gatewayId);
  if (!g || g.kind !== LookupTypeGatewayKind[type] || !g.active || !g.allowLookup)
    throw new AppError("lookup_gateway_invalid", undefined, { [field]: ["Select an active gateway of this lookup's kind."] });
  return g;
}

export async function ensureFunds(db: DbOrTx, teamId: number, type: LookupType) {
  if ((await affordableItems(db, teamId, type)) <= 0) throw new AppError("insufficient_funds");
}

const { pending, running, paused, completed, stopped } = LookupStatuses;

const RUN = sql`status = ${running}, error = NULL, finished_at = NULL, started_at = COALESCE(started_at, now()), run_started_at = now(),
                run_base_count = count, updated_at = now()`;

/** Jobs of a scope that are still going (pending, running, paused): a new request reuses one instead of doubling it. */
async function openJobFor(db: DbOrTx, teamId: number, type: LookupType, scope: SQL): Promise<number | null> {
  const r = await one<{ id: number }>(
    db,
    sql`SELECT id FROM lookup_jobs WHERE team_id = ${teamId} AND type = ${type} AND status IN (${pending}, ${running}, ${paused}) AND ${scope} ORDER BY id DESC LIMIT 1`,
  );
  return r?.id ?? null;
}

export async function insertJob(
  db: DbOrTx,
  ctx: TeamCtx,
  v: { type: LookupType; gatewayId: number; status: typeof pending | typeof running; force?: boolean; campaignId?: number } & LookupScope,
): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO lookup_jobs (team_id, user_id, type, gateway_id, source_id, list_id, segment_id, lead_id, import_id, force, status,
                                 campaign_id, started_at, run_started_at)
        VALUES (${ctx.teamId}, ${ctx.userId}, ${v.type}, ${v.gatewayId}, ${v.sourceId ?? null}, ${v.listId ?? null}, ${v.segmentId ?? null},
                ${v.leadId ?? null}, ${v.importId ?? null}, ${v.force ?? false}, ${v.status}, ${v.campaignId ?? null},
                ${v.status === running ? sql`now()` : sql`NULL`}, ${v.status === running ? sql`now()` : sql`NULL`})
        RETURNING id`,
  );
  return row!.id;
}

async function checkSourceList(db: DbOrTx, ctx: TeamCtx, sourceId: number, listId: number | null | undefined) {
  const s = await one(db, sql`SELECT 1 FROM sources WHERE team_id = ${ctx.teamId} AND id = ${sourceId}`);
  if (!s) throw new AppError("source_not_found", undefined, { source_id: ["Source not found."] });
  if (listId) {
    const l = await one(db, sql`SELECT 1 FROM lists WHERE team_id = ${ctx.teamId} AND id = ${listId} AND source_id = ${sourceId}`);
    if (!l) throw new AppError("list_not_found", undefined, { list_id: ["The list does not belong to the selected source."] });
  }
}

/**
 * The Lookup list page's create (docs/product/audiences-lookups-settings.md); a new lookup is pending unless `status`
 * is 1.
 */
export async function createLookup(db: DbOrTx, ctx: TeamCtx, input: SaveLookup): Promise<LookupJob> {
  const type = input.lead_type as LookupType;
  await usableGateway(db, ctx, type, input.setting_gateway_id);
  await checkSourceList(db, ctx, input.source_id, input.list_id);
  if (input.status === running) await ensureFunds(db, ctx.teamId, type);
  const scope = input.list_id ? { listId: input.list_id, sourceId: null } : { sourceId: input.source_id };
  const id = await insertJob(db, ctx, {
    type,
    gatewayId: input.setting_gateway_id,
    status: input.status as typeof pending | typeof running,
    ...scope,
  });
  // A list lookup keeps its source for the Location column.
  if (input.list_id)
    await db.execute(sql`UPDATE lookup_jobs SET source_id = ${input.source_id} WHERE team_id = ${ctx.teamId} AND id = ${id}`);
  return getLookupJob(db, ctx.teamId, id);
}

/** Edits a lookup that has not finished; its scope can only change before it first started. */
export async function updateLookup(db: DbOrTx, ctx: TeamCtx, id: number, input: SaveLookup): Promise<LookupJob> {
  const job = await one<{ status: number; snapshot_at: string | null; source_id: number | null; list_id: number | null; type: number }>(
    db,
    sql`SELECT status, snapshot_at, source_id, list_id, type FROM lookup_jobs WHERE team_id = ${ctx.teamId} AND id = ${id}`,
  );
  if (!job) throw new AppError("lookup_not_found");
  const type = input.lead_type as LookupType;
  await usableGateway(db, ctx, type, input.setting_gateway_id);
  await checkSourceList(db, ctx, input.source_id, input.list_id);
  const scopeChanged = job.source_id !== input.source_id || (job.list_id ?? null) !== (input.list_id ?? null) || Number(job.type) !== type;
  if (scopeChanged && job.snapshot_at)
    throw new AppError("lookup_locked", "A lookup's type, source and list cannot change once it has started.", {
      source_id: ["A lookup's type, source and list cannot change once it has started."],
    });
  await db.execute(
    sql`UPDATE lookup_jobs SET type = ${type}, gateway_id = ${input.setting_gateway_id}, source_id = ${input.source_id},
          list_id = ${input.list_id ?? null}, updated_at = now() WHERE team_id = ${ctx.teamId} AND id = ${id}`,
  );
  if (input.status === running && Number(job.status) !== running) return (await setLookupStatus(db, ctx, id, { status: running })).job;
  return getLookupJob(db, ctx.teamId, id);
}

export async function deleteLookup(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  const job = await one<{ type: number }>(db, sql`SELECT type FROM lookup_jobs WHERE team_id = ${ctx.teamId} AND id = ${id} FOR UPDATE`);
  if (!job) throw new AppError("lookup_not_found");
  // Money held for a batch in flight goes back; that batch then finds its hold gone and writes nothing.
  await releaseHolds(db, ctx.teamId, { kind: "lookup", refId: id });
  await db.execute(sql`DELETE FROM lookup_items WHERE team_id = ${ctx.teamId} AND job_id = ${id}`);
  await db.execute(sql`DELETE FROM lookup_jobs WHERE team_id = ${ctx.teamId} AND id = ${id}`);
}

/**
 * Start (1), pause (2) or stop for good (4). Starting a completed or stopped lookup runs it again over what its
 * scope holds now: items already done keep their state, new leads' phones or emails are added.
 */
export async function setLookupStatus(
  db: DbOrTx,
  ctx: TeamCtx,
  id: number,
  input: SetLookupStatus,
): Promise<{ job: LookupJob; message: string; run: boolean }> {
  const job = await one<{ status: number; type: number; gateway_id: number | null }>(
    db,
    sql`SELECT status, type, gateway_id FROM lookup_jobs WHERE team_id = ${ctx.teamId} AND id = ${id}`,
  );
  if (!job) throw new AppError("lookup_not_found");
  const type = Number(job.type) as LookupType;
  const status = Number(job.status);
  if (input.status === running) {
    if (status !== running) {
      if (!job.gateway_id) throw new AppError("lookup_gateway_invalid", undefined, { setting_gateway_id: ["Select a gateway."] });
      await usableGateway(db, ctx, type, job.gateway_id);
      await ensureFunds(db, ctx.teamId, type);
      const again = status === completed || status === stopped ? sql`, snapshot_at = NULL` : sql``;
      await db.execute(sql`UPDATE lookup_jobs SET ${RUN}${again} WHERE team_id = ${ctx.teamId} AND id = ${id}`);
    }
    return { job: await getLookupJob(db, ctx.teamId, id), message: "Lookup started", run: true };
  }
  if (input.status === paused) {
    if (status === pending || status === running)
      await db.execute(sql`UPDATE lookup_jobs SET status = ${paused}, updated_at = now() WHERE team_id = ${ctx.teamId} AND id = ${id}`);
  } else if (status !== completed && status !== stopped) {
    await db.execute(
      sql`UPDATE lookup_jobs SET status = ${stopped}, finished_at = now(), updated_at = now() WHERE team_id = ${ctx.teamId} AND id = ${id}`,
    );
  }
  return { job: await getLookupJob(db, ctx.teamId, id), message: "Lookup stopped", run: false };
}

/** POST /lookup-start: every selected lookup that is not running starts (of `type` only, with its gateway, when given). */
export async function bulkStartLookups(db: DbOrTx, ctx: TeamCtx, input: BulkLookupStatus): Promise<number[]> {
  const found = await rows<{ id: number; type: number; status: number }>(
    db,
    sql`SELECT id, type, status FROM lookup_jobs WHERE team_id = ${ctx.teamId} AND id IN (${sql.join(
      input.ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  if (found.length < new Set(input.ids).size) throw new AppError("lookup_not_found");
  const chosen = found.filter((j) => Number(j.status) !== running && (!input.type || Number(j.type) === input.type));
  if (!chosen.length) return [];
  if (input.setting_gateway_id) {
    for (const t of new Set(chosen.map((j) => Number(j.type) as LookupType))) await usableGateway(db, ctx, t, input.setting_gateway_id);
    await db.execute(
      sql`UPDATE lookup_jobs SET gateway_id = ${input.setting_gateway_id}
          WHERE team_id = ${ctx.teamId} AND id IN (${sql.join(
            chosen.map((j) => sql`${j.id}`),
            sql`, `,
          )})`,
    );
  }
  const started: number[] = [];
  for (const j of chosen) started.push((await setLookupStatus(db, ctx, j.id, { status: running })).job.id);
  return started;
}

/** POST /lookup-stop: running (and pending) selected lookups pause. */
export async function bulkStopLookups(db: DbOrTx, ctx: TeamCtx, ids: number[]): Promise<void> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM lookup_jobs WHERE team_id = ${ctx.teamId} AND id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  if (found.length < new Set(ids).size) throw new AppError("lookup_not_found");
  await db.execute(
    sql`UPDATE lookup_jobs SET status = ${paused}, updated_at = now()
        WHERE team_id = ${ctx.teamId} AND status IN (${pending}, ${running}) AND id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
}

export type ScopeKind = "source" | "list" | "segment";

/**
 * Run Lookup on sources, lists or audiences: one running job per selected item, or the item's unfinished job of
 * that type restarted with the chosen gateway. Items with nothing to look up are left out; all empty is a 422.
 */
export async function startScopeLookups(
  db: DbOrTx,
  ctx: TeamCtx,
  kind: ScopeKind,
  input: { ids: number[]; type: LookupType; setting_gateway_id: number; campaign_id?: number },
): Promise<number[]> {
  const table = kind === "source" ? sql`sources` : kind === "list" ? sql`lists` : sql`segments`;
  const ids = [...new Set(input.ids)];
  const owned = await rows<{ id: number; source_id: number | null }>(
    db,
    sql`SELECT id, ${kind === "list" ? sql`source_id` : sql`NULL::int AS source_id`} FROM ${table}
        WHERE team_id = ${ctx.teamId} AND id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  if (owned.length < ids.length)
    throw new AppError(kind === "source" ? "source_not_found" : kind === "list" ? "list_not_found" : "segment_not_found");
  const gateway = await usableGateway(db, ctx, input.type, input.setting_gateway_id);
  await ensureFunds(db, ctx.teamId, input.type);
  const jobIds: number[] = [];
  for (const item of owned) {
    const scope: LookupScope =
      kind === "source" ? { sourceId: item.id } : kind === "list" ? { listId: item.id, sourceId: item.source_id } : { segmentId: item.id };
    const countScope: LookupScope = kind === "list" ? { listId: item.id } : scope;
    if ((await countScopeItems(db, ctx.teamId, input.type, countScope, gateway.type)) === 0) continue;
    const match =
      kind === "source"
        ? sql`source_id = ${item.id} AND list_id IS NULL`
        : kind === "list"
          ? sql`list_id = ${item.id}`
          : sql`segment_id = ${item.id}`;
    const open = await openJobFor(db, ctx.teamId, input.type, match);
    if (open) {
      await db.execute(
        // Whoever starts it now pays for what it charges from now on: a campaign, or a person (no campaign).
        sql`UPDATE lookup_jobs SET gateway_id = ${input.setting_gateway_id}, campaign_id = ${input.campaign_id ?? null}, ${RUN}
            WHERE team_id = ${ctx.teamId} AND id = ${open}`,
      );
      jobIds.push(open);
    } else
      jobIds.push(
        await insertJob(db, ctx, {
          type: input.type,
          gatewayId: input.setting_gateway_id,
          status: running,
          campaignId: input.campaign_id,
          ...scope,
        }),
      );
  }
  if (!jobIds.length) throw new AppError("lookup_nothing");
  return jobIds;
}

/** A lead's Relookup: its phones (carrier or DNC) or emails, asked again whatever their age. */
export async function relookupLead(db: DbOrTx, ctx: TeamCtx, leadId: number, input: RelookupLead): Promise<number> {
  const lead = await one(db, sql`SELECT 1 FROM leads WHERE team_id = ${ctx.teamId} AND id = ${leadId}`);
  if (!lead) throw new AppError("lead_not_found");
  const type = RelookupLeadTypeOf[input.lead_type];
  await usableGateway(db, ctx, type, input.lookup_gateway_id, "lookup_gateway_id");
  if ((await countScopeItems(db, ctx.teamId, type, { leadId })) === 0)
    throw new AppError(
      "lookup_nothing",
      type === LookupTypes.email ? "This lead has no email to look up." : "This lead has no phone to look up.",
    );
  await ensureFunds(db, ctx.teamId, type);
  return insertJob(db, ctx, { type, gatewayId: input.lookup_gateway_id, status: running, leadId, force: true });
}
