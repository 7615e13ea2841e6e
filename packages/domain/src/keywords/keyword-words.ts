import { ALL_PHONES } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, rows, textArray } from "../shared/rows";

interface Holder {
  id: number;
  words: string[];
  is_system: boolean;
}

/**
 * A reply is matched by its number and its text, so a word may be in one keyword per number: every system keyword
 * (they listen on all numbers) and the team's other keywords whose numbers overlap (`*` overlaps every number).
 * Call it under the team's keyword lock, in the transaction that writes, so two saves cannot both pass.
 */
export async function checkKeywordWords(
  db: DbOrTx,
  ctx: TeamCtx,
  words: readonly string[],
  phones: readonly string[],
  exceptId: number | null,
): Promise<void> {
  const anyPhone = phones.includes(ALL_PHONES);
  const holders = await rows<Holder>(
    db,
    sql`SELECT k.id, k.words, k.team_id IS NULL AS is_system FROM sms_keywords k
        WHERE (k.team_id = ${ctx.teamId} OR k.team_id IS NULL) AND k.id IS DISTINCT FROM ${exceptId}::int
          AND k.words && ${textArray(words)}
          AND (k.team_id IS NULL OR ${anyPhone} OR ${ALL_PHONES} = ANY(k.phones) OR k.phones && ${textArray(phones)})
        ORDER BY k.team_id IS NOT NULL, k.id`,
  );
  const problems: string[] = [];
  for (const word of words) {
    const holder = holders.find((h) => h.words.includes(word));
    if (!holder) continue;
    problems.push(holder.is_system ? `${word} is a system keyword.` : `${word} is already in the keyword ${holder.words.join(", ")}.`);
  }
  if (problems.length > 0) throw new AppError("keyword_word_taken", problems[0], { "values.values": problems });
}
