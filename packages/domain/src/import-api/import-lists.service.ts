import { randomBytes } from "node:crypto";
import {
  type ImportListRecord,
  ImportListSavedMessage,
  type ImportListSortKeys,
  type ListImportListsQuery,
  type Page,
  type SaveImportList,
  type SaveImportListResponse,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { checkImportLookupToggles } from "../lookups";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { likePattern, mapPage, pagedQuery, type SortMap } from "../shared/paging";
import { type DbOrTx, iso, one } from "../shared/rows";
import { forgetApiKeys, hashApiKey } from "./api-key-auth";

type ImportListRow = Omit<ImportListRecord, "source" | "list"> & { source_name: string; list_name: string };

const select = sql`SELECT k.id, k.name, k.source_id, s.name AS source_name, k.list_id, l.name AS list_name, k.api_key,
    k.check_mobile_status, k.check_sms_dnc, k.check_email_status, k.sms_lookup_gateway_id, k.sms_dnc_gateway_id,
    k.email_lookup_gateway_id, k.lead_status, k.email_status, k.phone_status, k.created_at, k.updated_at
  FROM import_lists k
  JOIN sources s ON s.team_id = k.team_id AND s.id = k.source_id
  JOIN lists l ON l.team_id = k.team_id AND l.id = k.list_id`;

const importListSorts = {
  name: sql`lower(k.name)`,
  source: sql`lower(s.name)`,
  list: sql`lower(l.name)`,
  check_mobile_status: sql`k.check_mobile_status`,
  check_email_status: sql`k.check_email_status`,
  created_at: sql`k.created_at`,
  id: sql`k.id`,
} satisfies SortMap<(typeof ImportListSortKeys)[number]>;

function present(r: ImportListRow): ImportListRecord {
  const { source_name, list_name, ...rest } = r;
  return {
    ...rest,
    source: { id: r.source_id, name: source_name },
    list: { id: r.list_id, name: list_name },
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

/** 32 random bytes, URL-safe, with a prefix that says what it is (secret scanners and people recognise it). */
export function newApiKey(): string {
  return `lf_${randomBytes(32).toString("base64url")}`;
}

export async function listImportLists(db: DbOrTx, ctx: TeamCtx, q: ListImportListsQuery): Promise<Page<ImportListRecord>> {
  let where = sql`k.team_id = ${ctx.teamId}`;
  if (q.search) {
    const like = likePattern(q.search);
    where = sql`${where} AND (k.name ILIKE ${like} OR s.name ILIKE ${like} OR l.name ILIKE ${like})`;
  }
  const page = await pagedQuery<ImportListRow, keyof typeof importListSorts>(db, q, {
    select,
    from: sql`FROM import_lists k
      JOIN sources s ON s.team_id = k.team_id AND s.id = k.source_id
      JOIN lists l ON l.team_id = k.team_id AND l.id = k.list_id`,
    where,
    sorts: importListSorts,
    fallback: { key: "created_at", direction: "desc" },
    tieBreak: sql`k.id DESC`,
  });
  return mapPage(page, present);
}

export async function getImportList(db: DbOrTx, ctx: TeamCtx, id: number): Promise<ImportListRecord> {
  const row = await one<ImportListRow>(db, sql`${select} WHERE k.team_id = ${ctx.teamId} AND k.id = ${id}`);
  if (!row) throw new AppError("import_list_not_found");
  return present(row);
}

/** The list must be the team's; a source sent with it must be the list's (the form picks the source first). */
async function targetOf(db: DbOrTx, ctx: TeamCtx, input: SaveImportList): Promise<{ sourceId: number; listId: number }> {
  const list = await one<{ source_id: number }>(
    db,
    sql`SELECT source_id FROM lists WHERE team_id = ${ctx.teamId} AND id = ${input.list_id}`,
  );
  if (!list) throw new AppError("list_not_found", undefined, { list_id: ["The selected list is invalid."] });
  if (input.source_id !== undefined && input.source_id !== list.source_id) {
    throw new AppError("import_list_target_mismatch");
  }
  return { sourceId: list.source_id, listId: input.list_id };
}

/** A gateway only counts with its toggle on, as in the import's Match Format dialog. */
function settingsOf(input: SaveImportList) {
  return {
    checkMobile: input.check_mobile_status,
    checkDnc: input.check_sms_dnc,
    checkEmail: input.check_email_status,
    smsGateway: input.check_mobile_status ? (input.sms_lookup_gateway_id ?? null) : null,
    dncGateway: input.check_sms_dnc ? (input.sms_dnc_gateway_id ?? null) : null,
    emailGateway: input.check_email_status ? (input.email_lookup_gateway_id ?? null) : null,
    leadStatus: input.lead_status ?? null,
    emailStatus: input.email_status ?? null,
    phoneStatus: input.phone_status ?? null,
  };
}

export async function createImportList(db: DbOrTx, ctx: TeamCtx, input: SaveImportList): Promise<SaveImportListResponse> {
  const { sourceId, listId } = await targetOf(db, ctx, input);
  await checkImportLookupToggles(db, ctx.teamId, input);
  const s = settingsOf(input);
  const key = newApiKey();
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO import_lists (team_id, name, source_id, list_id, api_key, key_hash, check_mobile_status, check_sms_dnc,
          check_email_status, sms_lookup_gateway_id, sms_dnc_gateway_id, email_lookup_gateway_id, lead_status, email_status, phone_status)
        VALUES (${ctx.teamId}, ${input.name}, ${sourceId}, ${listId}, ${key}, ${hashApiKey(key)}, ${s.checkMobile}, ${s.checkDnc},
          ${s.checkEmail}, ${s.smsGateway}, ${s.dncGateway}, ${s.emailGateway}, ${s.leadStatus}, ${s.emailStatus}, ${s.phoneStatus})
        RETURNING id`,
  );
  return { message: ImportListSavedMessage, data: await getImportList(db, ctx, row!.id) };
}

export async function updateImportList(db: DbOrTx, ctx: TeamCtx, id: number, input: SaveImportList): Promise<SaveImportListResponse> {
  await getImportList(db, ctx, id);
  const { sourceId, listId } = await targetOf(db, ctx, input);
  await checkImportLookupToggles(db, ctx.teamId, input);
  const s = settingsOf(input);
  await db.execute(
    sql`UPDATE import_lists SET name = ${input.name}, source_id = ${sourceId}, list_id = ${listId},
          check_mobile_status = ${s.checkMobile}, check_sms_dnc = ${s.checkDnc}, check_email_status = ${s.checkEmail},
          sms_lookup_gateway_id = ${s.smsGateway}, sms_dnc_gateway_id = ${s.dncGateway}, email_lookup_gateway_id = ${s.emailGateway},
          lead_status = ${s.leadStatus}, email_status = ${s.emailStatus}, phone_status = ${s.phoneStatus}, updated_at = now()
        WHERE team_id = ${ctx.teamId} AND id = ${id}`,
  );
  forgetApiKeys(db, ctx.teamId);
  return { message: ImportListSavedMessage, data: await getImportList(db, ctx, id) };
}

/** Deleting a key revokes it at once: the next request with it is a 401. Its import history stays. */
export async function deleteImportList(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  const gone = await one(db, sql`DELETE FROM import_lists WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`);
  if (!gone) throw new AppError("import_list_not_found");
  forgetApiKeys(db, ctx.teamId);
}
