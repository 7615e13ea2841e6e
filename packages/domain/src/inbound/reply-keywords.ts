import { ALL_PHONES, type AnyKeywordAction, renderSystemAnswer, type SystemKeywordAction } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { teamAnswerSender } from "../keywords";
import { type DbOrTx, rows } from "../shared/rows";

/** A keyword as a reply reads it: the team's (listening on the number the reply came to) or a system one. */
export interface ReplyKeyword {
  id: number;
  words: string[];
  action: AnyKeywordAction;
  response_message: string;
  list_id: number | null;
  automation_campaign_id: number | null;
  double_opt_in: boolean;
  is_system: boolean;
}

/**
 * The system keywords (their STOP, START and HELP texts) and the team's keywords listening on `toNumber` (or on all
 * its numbers): one indexed read per reply.
 */
export async function keywordsForReply(db: DbOrTx, teamId: number, toNumber: string): Promise<ReplyKeyword[]> {
  return rows<ReplyKeyword>(
    db,
    sql`SELECT id, words, action, response_message, list_id, automation_campaign_id, double_opt_in, team_id IS NULL AS is_system
        FROM sms_keywords
        WHERE team_id IS NULL OR (team_id = ${teamId} AND (${ALL_PHONES} = ANY(phones) OR ${toNumber} = ANY(phones)))
        ORDER BY team_id NULLS FIRST, id`,
  );
}

/** The system keyword's text for stop, start or help; empty when an operator blanked it (then nothing is answered). */
export function systemText(keywords: readonly ReplyKeyword[], action: SystemKeywordAction): string {
  return keywords.find((k) => k.is_system && k.action === action)?.response_message.trim() ?? "";
}

/**
 * The system answer as the team sends it: `{{brand}}` and `{{contact}}` filled with its brand and help contact (read
 * in the reply's transaction), in one SMS part (renderSystemAnswer's rule). Empty when the text was blanked.
 */
export async function systemAnswer(
  tx: DbOrTx,
  teamId: number,
  keywords: readonly ReplyKeyword[],
  action: SystemKeywordAction,
): Promise<string> {
  const template = systemText(keywords, action);
  return template && renderSystemAnswer(template, await teamAnswerSender(tx, teamId)).text;
}
