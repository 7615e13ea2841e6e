import { ALL_PHONES, type AnyKeywordAction } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, rows } from "../shared/rows";

/** A keyword as a reply reads it: the team's (listening on the number the reply came to) or a system one. */
export interface ReplyKeyword {
  id: number;
  words: string[];
  action: AnyKeywordAction;
  response_message: string;
  list_id: number | null;
  automation_campaign_id: number | null;
  is_system: boolean;
}

/**
 * The system keywords (their STOP, START and HELP texts) and the team's keywords listening on `toNumber` (or on all
 * its numbers): one indexed read per reply.
 */
export async function keywordsForReply(db: DbOrTx, teamId: number, toNumber: string): Promise<ReplyKeyword[]> {
  return rows<ReplyKeyword>(
    db,
    sql`SELECT id, words, action, response_message, list_id, automation_campaign_id, team_id IS NULL AS is_system
        FROM sms_keywords
        WHERE team_id IS NULL OR (team_id = ${teamId} AND (${ALL_PHONES} = ANY(phones) OR ${toNumber} = ANY(phones)))
        ORDER BY team_id NULLS FIRST, id`,
  );
}

/** The system keyword's text for stop, start or help; empty when an operator blanked it (then nothing is answered). */
export function systemText(keywords: readonly ReplyKeyword[], action: "stop" | "start" | "help"): string {
  return keywords.find((k) => k.is_system && k.action === action)?.response_message.trim() ?? "";
}
