import {
  type AttributeType,
  type CreateLeadAttribute,
  LeadAttribute,
  type LeadAttributeSortKeys,
  type ListLeadAttributesQuery,
  type Page,
  type UpdateLeadAttribute,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { likePattern, mapPage, pagedQuery, type SortMap } from "../shared/paging";
import { type DbOrTx, dbTimestamp, iso, one, rows } from "../shared/rows";
import { lockTeamLeads } from "../shared/team-locks";

const AttributeRow = LeadAttribute.extend({ created_at: dbTimestamp, updated_at: dbTimestamp });
type AttributeRow = z.input<typeof AttributeRow>;

const present = (r: AttributeRow): LeadAttribute => ({ ...r, created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)! });
const columns = sql`id, name, slug, type, sort_order, is_system, created_at, updated_at`;

export function slugify(name: string): string {
  return (
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 100) || "attribute"
  );
}

/** The team's system attributes, created on first use: Phone (sort 0) and Email (sort 1). */
export async function ensureSystemAttributes(db: DbOrTx, teamId: number): Promise<{ phone: number; email: number }> {
  let found = await rows<{ id: number; type: AttributeType }>(
    db,
    sql`SELECT id, type FROM lead_attributes WHERE team_id = ${teamId} AND is_system`,
  );
  if (found.length < 2) {
    // A concurrent first use inserts the same rows: the unique indexes make the loser a no-op.
    await db.execute(
      sql`INSERT INTO lead_attributes (team_id, name, slug, type, sort_order, is_system)
          VALUES (${teamId}, 'Phone', 'phone', 'phone', 0, true), (${teamId}, 'Email', 'email', 'email', 1, true)
          ON CONFLICT DO NOTHING`,
    );
    found = await rows(db, sql`SELECT id, type FROM lead_attributes WHERE team_id = ${teamId} AND is_system`);
  }
  const phone = found.find((a) => a.type === "phone")?.id;
  const email = found.find((a) => a.type === "email")?.id;
  if (!phone || !email) throw new Error(`Team ${teamId} has a non-system attribute named Phone or Email.`);
  return { phone, email };
}

const attributeSorts = {
  name: sql`lower(name)`,
  sort_order: sql`sort_order`,
  type: sql`type`,
  created_at: sql`created_at`,
  id: sql`id`,
} satisfies SortMap<(typeof LeadAttributeSortKeys)[number]>;

export async function listAttributes(db: DbOrTx, ctx: TeamCtx, q: ListLeadAttributesQuery): Promise<Page<LeadAttribute>> {
  await ensureSystemAttributes(db, ctx.teamId);
  const where = q.search ? sql`team_id = ${ctx.teamId} AND name ILIKE ${likePattern(q.search)}` : sql`team_id = ${ctx.teamId}`;
  const page = await pagedQuery(db, q, {
    row: AttributeRow,
    select: sql`SELECT ${columns} FROM lead_attributes`,
    from: sql`FROM lead_attributes`,
    where,
    sorts: attributeSorts,
    fallback: { key: "sort_order", direction: "asc" },
    tieBreak: sql`id`,
  });
  return mapPage(page, present);
}

export async function allAttributes(db: DbOrTx, teamId: number): Promise<LeadAttribute[]> {
  await ensureSystemAttributes(db, teamId);
  const data = await rows(db, sql`SELECT ${columns} FROM lead_attributes WHERE team_id = ${teamId} ORDER BY sort_order, id`, AttributeRow);
  return data.map(present);
}

export async function getAttribute(db: DbOrTx, ctx: TeamCtx, id: number): Promise<LeadAttribute> {
  const row = await one(db, sql`SELECT ${columns} FROM lead_attributes WHERE team_id = ${ctx.teamId} AND id = ${id}`, AttributeRow);
  if (!row) throw new AppError("lead_attribute_not_found");
  return present(row);
}

/**
 * Creates attributes in order and answers them in the same order. A name that exists (any case) is reused, as
 * is a name repeated in the request; phone and email types are the system attributes. New ones take the
 * given sort_order, else the next place after the team's current count.
 */
export async function createAttributes(db: DbOrTx, ctx: TeamCtx, items: CreateLeadAttribute[]): Promise<LeadAttribute[]> {
  const system = await ensureSystemAttributes(db, ctx.teamId);
  return db.transaction(async (tx) => {
    const out: LeadAttribute[] = [];
    for (const item of items) {
      if (item.type === "phone" || item.type === "email") {
        out.push(await getAttribute(tx, ctx, system[item.type]));
        continue;
      }
      const row = await one(
        tx,
        sql`WITH existing AS (SELECT ${columns} FROM lead_attributes WHERE team_id = ${ctx.teamId} AND lower(name) = lower(${item.name})),
            ins AS (
              INSERT INTO lead_attributes (team_id, name, slug, type, sort_order)
              SELECT ${ctx.teamId}, ${item.name}, ${slugify(item.name)}, 'string',
                     COALESCE(${item.sort_order ?? null}::int, (SELECT count(*)::int FROM lead_attributes WHERE team_id = ${ctx.teamId}))
              WHERE NOT EXISTS (SELECT 1 FROM existing)
              ON CONFLICT DO NOTHING
              RETURNING ${columns})
            SELECT * FROM existing UNION ALL SELECT * FROM ins`,
        AttributeRow,
      );
      // Lost a race with a concurrent create of the same name: read the winner.
      const found =
        row ??
        (await one(
          tx,
          sql`SELECT ${columns} FROM lead_attributes WHERE team_id = ${ctx.teamId} AND lower(name) = lower(${item.name})`,
          AttributeRow,
        ));
      if (!found) throw new AppError("attribute_name_taken");
      out.push(present(found));
    }
    return out;
  });
}

export async function updateAttribute(db: DbOrTx, ctx: TeamCtx, id: number, input: UpdateLeadAttribute): Promise<LeadAttribute> {
  const current = await getAttribute(db, ctx, id);
  if (current.is_system) throw new AppError("system_attribute_locked");
  if (input.name !== undefined && input.name.toLowerCase() !== current.name.toLowerCase()) {
    const clash = await one(
      db,
      sql`SELECT 1 FROM lead_attributes WHERE team_id = ${ctx.teamId} AND lower(name) = lower(${input.name}) AND id <> ${id}`,
    );
    if (clash) throw new AppError("attribute_name_taken", undefined, { name: ["An attribute with this name already exists."] });
  }
  try {
    await db.execute(
      sql`UPDATE lead_attributes SET name = COALESCE(${input.name ?? null}, name),
          slug = COALESCE(${input.name === undefined ? null : slugify(input.name)}, slug),
          sort_order = COALESCE(${input.sort_order ?? null}::int, sort_order), updated_at = now()
          WHERE team_id = ${ctx.teamId} AND id = ${id}`,
    );
  } catch (e) {
    if ((e as { cause?: { code?: string } }).cause?.code === "23505") throw new AppError("attribute_name_taken");
    throw e;
  }
  return getAttribute(db, ctx, id);
}

/**
 * Removes the attribute with its values; import mappings that pointed at it become 'Ignore'. The values live in
 * each lead's `attrs`, so this rewrites the team's leads that have one (a scan of the team's leads), under the
 * team's lead lock so no import batch is merging values meanwhile.
 */
export async function deleteAttribute(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  const current = await getAttribute(db, ctx, id);
  if (current.is_system) throw new AppError("system_attribute_locked");
  await db.transaction(async (tx) => {
    await lockTeamLeads(tx, ctx.teamId);
    await tx.execute(
      sql`UPDATE leads SET attrs = attrs - ${String(id)}::text WHERE team_id = ${ctx.teamId} AND attrs ? ${String(id)}::text`,
    );
    await tx.execute(
      sql`UPDATE import_attributes SET lead_attribute_id = NULL WHERE team_id = ${ctx.teamId} AND lead_attribute_id = ${id}`,
    );
    await tx.execute(sql`DELETE FROM lead_attributes WHERE team_id = ${ctx.teamId} AND id = ${id}`);
  });
}

/**
 * How many leads hold values of the attribute, and how many values (the delete confirmation says so). Reads the
 * team's leads once; the system attributes count phones or emails instead (they cannot be deleted anyway).
 */
export async function attributeUsage(db: DbOrTx, ctx: TeamCtx, id: number): Promise<{ leads: number; values: number }> {
  const attribute = await getAttribute(db, ctx, id);
  if (attribute.type !== "string") {
    const table = attribute.type === "phone" ? sql`lead_phones` : sql`lead_emails`;
    const row = await one<{ leads: number; values: number }>(
      db,
      sql`SELECT count(DISTINCT lead_id)::int AS leads, count(*)::int AS values FROM ${table} WHERE team_id = ${ctx.teamId}`,
    );
    return row ?? { leads: 0, values: 0 };
  }
  const key = String(id);
  const row = await one<{ leads: number; values: number }>(
    db,
    sql`SELECT count(*)::int AS leads, COALESCE(sum(jsonb_array_length(attrs -> ${key}::text)), 0)::int AS values
        FROM leads WHERE team_id = ${ctx.teamId} AND attrs ? ${key}::text`,
  );
  return row ?? { leads: 0, values: 0 };
}
