import {
  type AnyKeywordAction,
  type CampaignType,
  isTriggerType,
  type Keyword,
  type KeywordSortKeys,
  type ListKeywordsQuery,
  normalizeKeywordWord,
  type Page,
  type SaveKeyword,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError, fieldError } from "../shared/errors";
import { likePattern, mapPage, pagedQuery, type SortMap } from "../shared/paging";
import { type DbOrTx, iso, one, textArray } from "../shared/rows";
import { lockTeamKeywords } from "../shared/team-locks";
import { checkKeywordPhones } from "./keyword-phones";
import { checkKeywordWords } from "./keyword-words";

interface KeywordRow {
  id: number;
  words: string[];
  phones: string[];
  is_system: boolean;
  gateway_id: number | null;
  gateway_name: string | null;
  response_message: string;
  action: AnyKeywordAction;
  list_id: number | null;
  list_name: string | null;
  double_opt_in: boolean;
  automation_campaign_id: number | null;
  created_at: string;
}

// A gateway deleted or a list removed leaves the keyword (the foreign keys set null); a join that finds nothing is null too.
const from = sql`FROM sms_keywords k
  LEFT JOIN gateways g ON g.id = k.gateway_id AND (g.team_id = k.team_id OR g.team_id IS NULL)
  LEFT JOIN lists l ON l.id = k.list_id AND l.team_id = k.team_id`;
const select = sql`SELECT k.id, k.words, k.phones, k.team_id IS NULL AS is_system, g.id AS gateway_id, g.name AS gateway_name,
    k.response_message, k.action, l.id AS list_id, l.name AS list_name, k.double_opt_in, k.automation_campaign_id, k.created_at ${from}`;
/** Every team sees the system keywords (team_id NULL) beside its own. */
const visibleTo = (teamId: number) => sql`(k.team_id = ${teamId} OR k.team_id IS NULL)`;

function present(r: KeywordRow): Keyword {
  return {
    id: r.id,
    values: { values: r.words, phones: r.phones },
    is_system: r.is_system,
    gateway: r.gateway_id !== null && r.gateway_name !== null ? { id: r.gateway_id, name: r.gateway_name } : null,
    response_message: r.response_message,
    action: r.action,
    list: r.list_id !== null && r.list_name !== null ? { id: r.list_id, name: r.list_name } : null,
    double_opt_in: r.double_opt_in,
    automation_campaign_id: r.automation_campaign_id,
    created_at: iso(r.created_at)!,
  };
}

const keywordSorts = {
  id: sql`k.id`,
  action: sql`k.action`,
  created_at: sql`k.created_at`,
} satisfies SortMap<(typeof KeywordSortKeys)[number]>;

/** GET /api/sms-keywords: the system keywords first, then the team's; a search finds keywords with a matching word. */
export async function listKeywords(db: DbOrTx, ctx: TeamCtx, q: ListKeywordsQuery): Promise<Page<Keyword>> {
  let where = visibleTo(ctx.teamId);
  const search = q.search ? normalizeKeywordWord(q.search) : "";
  if (search) where = sql`${where} AND EXISTS (SELECT 1 FROM unnest(k.words) w WHERE w ILIKE ${likePattern(search)})`;
  const page = await pagedQuery<KeywordRow, keyof typeof keywordSorts>(db, q, {
    select,
    from: sql`FROM sms_keywords k`,
    where,
    sorts: keywordSorts,
    fallback: { key: "id", direction: "asc" },
    first: sql`k.team_id IS NOT NULL`,
    tieBreak: sql`k.id`,
  });
  return mapPage(page, present);
}

async function visibleRow(db: DbOrTx, ctx: TeamCtx, id: number): Promise<KeywordRow> {
  const row = await one<KeywordRow>(db, sql`${select} WHERE ${visibleTo(ctx.teamId)} AND k.id = ${id}`);
  if (!row) throw new AppError("keyword_not_found");
  return row;
}

export async function getKeyword(db: DbOrTx, ctx: TeamCtx, id: number): Promise<Keyword> {
  return present(await visibleRow(db, ctx, id));
}

/** The team's own keyword, for a change: a system keyword is locked, another team's does not exist. */
async function ownRow(db: DbOrTx, ctx: TeamCtx, id: number): Promise<KeywordRow> {
  const row = await visibleRow(db, ctx, id);
  if (row.is_system) throw new AppError("keyword_system_locked");
  return row;
}

/** The reply's gateway: an active SMS gateway the team can send through; the one the keyword has stays allowed. */
async function checkGateway(db: DbOrTx, ctx: TeamCtx, id: number | null, kept: number | null): Promise<number | null> {
  if (id === null) return null;
  const g = await one<{ kind: string; active: boolean }>(
    db,
    sql`SELECT kind, active FROM gateways WHERE id = ${id} AND (team_id = ${ctx.teamId} OR team_id IS NULL)`,
  );
  if (!g) throw new AppError("gateway_not_found", undefined, { gateway_id: ["The selected gateway is invalid."] });
  if (g.kind !== "sms" || (!g.active && id !== kept))
    throw new AppError("keyword_gateway_invalid", undefined, { gateway_id: ["Choose an active SMS gateway."] });
  return id;
}

async function checkList(db: DbOrTx, ctx: TeamCtx, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const list = await one(db, sql`SELECT 1 FROM lists WHERE team_id = ${ctx.teamId} AND id = ${id}`);
  if (!list) throw new AppError("list_not_found", undefined, { list_id: ["The selected list is invalid."] });
  return id;
}

/** The Trigger action's campaign: a trigger campaign (SMS Trigger, Email Trigger) of the team, as inbound enrols into. */
async function checkTriggerCampaign(db: DbOrTx, ctx: TeamCtx, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const c = await one<{ type: CampaignType }>(
    db,
    sql`SELECT type FROM campaigns WHERE team_id = ${ctx.teamId} AND id = ${id} AND deleted_at IS NULL`,
  );
  if (!c) throw new AppError("campaign_not_found", undefined, { automation_campaign_id: ["The selected campaign is invalid."] });
  if (!isTriggerType(c.type)) throw fieldError("keyword_campaign_invalid", "automation_campaign_id");
  return id;
}

/**
 * Create (no id) or update, all or nothing: the references are checked, then, under the team's keyword lock, that
 * no word is on another keyword of the same number, and the row is written in the same transaction.
 */
async function saveKeyword(db: DbOrTx, ctx: TeamCtx, id: number | null, input: SaveKeyword): Promise<Keyword> {
  const savedId = await db.transaction(async (tx) => {
    await lockTeamKeywords(tx, ctx.teamId);
    const current = id === null ? null : await ownRow(tx, ctx, id);
    const words = input.values.values;
    const phones = await checkKeywordPhones(tx, ctx, input.values.phones, current?.phones ?? []);
    const gatewayId = await checkGateway(tx, ctx, input.gateway_id, current?.gateway_id ?? null);
    const listId = await checkList(tx, ctx, input.list_id);
    const campaignId = await checkTriggerCampaign(tx, ctx, input.automation_campaign_id);
    await checkKeywordWords(tx, ctx, words, phones, id);
    const v = { words: textArray(words), phones: textArray(phones), message: input.response_message };
    const row =
      id === null
        ? await one<{ id: number }>(
            tx,
            sql`INSERT INTO sms_keywords (team_id, words, phones, gateway_id, response_message, action, list_id, automation_campaign_id,
                  double_opt_in)
                VALUES (${ctx.teamId}, ${v.words}, ${v.phones}, ${gatewayId}, ${v.message}, ${input.action}, ${listId},
                  ${campaignId}, ${input.double_opt_in})
                RETURNING id`,
          )
        : await one<{ id: number }>(
            tx,
            sql`UPDATE sms_keywords SET words = ${v.words}, phones = ${v.phones}, gateway_id = ${gatewayId},
                  response_message = ${v.message}, action = ${input.action}, list_id = ${listId},
                  automation_campaign_id = ${campaignId}, double_opt_in = ${input.double_opt_in}, updated_at = now()
                WHERE team_id = ${ctx.teamId} AND id = ${id}
                RETURNING id`,
          );
    if (!row) throw new AppError("keyword_not_found");
    return row.id;
  });
  return getKeyword(db, ctx, savedId);
}

export const createKeyword = (db: DbOrTx, ctx: TeamCtx, input: SaveKeyword) => saveKeyword(db, ctx, null, input);
export const updateKeyword = (db: DbOrTx, ctx: TeamCtx, id: number, input: SaveKeyword) => saveKeyword(db, ctx, id, input);

export async function deleteKeyword(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  await ownRow(db, ctx, id);
  const gone = await one(db, sql`DELETE FROM sms_keywords WHERE team_id = ${ctx.teamId} AND id = ${id} RETURNING id`);
  if (!gone) throw new AppError("keyword_not_found");
}
