import { ALL_PHONES, type KeywordPhoneOption } from "@leadflow/contracts";
import { normalizePhone } from "../contacts";
import { smsSenderOptions } from "../gateways";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import type { DbOrTx } from "../shared/rows";

/** Short codes (5–6 digits in the US, 3–8 elsewhere) take keywords too; they are no E.164 number. */
const SHORT_CODE = /^\d{3,8}$/;

/**
 * A number as keywords store and match it: E.164, or a short code's digits. An alphanumeric sender id is not a
 * number a lead can text, so it has none.
 */
export function keywordPhoneKey(raw: string): string | null {
  const phone = normalizePhone(raw);
  if (phone.ok) return phone.e164;
  const digits = raw.replace(/[\s().-]/g, "");
  return SHORT_CODE.test(digits) ? digits : null;
}

/**
 * The numbers a keyword may listen on: the sender numbers of the team's active SMS gateways (its own and the
 * platform's), each with the gateways that have it, in the gateways' order.
 */
export async function keywordPhoneOptions(db: DbOrTx, ctx: TeamCtx): Promise<KeywordPhoneOption[]> {
  const byPhone = new Map<string, KeywordPhoneOption>();
  for (const gateway of await smsSenderOptions(db, ctx)) {
    for (const sender of gateway.from) {
      const phone = keywordPhoneKey(sender.key);
      if (!phone) continue;
      const option = byPhone.get(phone) ?? { phone, gateways: [] };
      if (!option.gateways.some((g) => g.id === gateway.id)) option.gateways.push({ id: gateway.id, name: gateway.name });
      byPhone.set(phone, option);
    }
  }
  return [...byPhone.values()];
}

/**
 * The keyword's numbers, normalised: `*`, or numbers of the team's gateways. A number the keyword already has
 * stays allowed, so a gateway switched off does not make its keywords impossible to edit.
 */
export async function checkKeywordPhones(db: DbOrTx, ctx: TeamCtx, given: readonly string[], kept: readonly string[]): Promise<string[]> {
  if (given.includes(ALL_PHONES)) return [ALL_PHONES];
  const allowed = new Set([...(await keywordPhoneOptions(db, ctx)).map((o) => o.phone), ...kept]);
  const out: string[] = [];
  const problems: string[] = [];
  for (const raw of given) {
    const phone = keywordPhoneKey(raw);
    if (phone && allowed.has(phone)) {
      if (!out.includes(phone)) out.push(phone);
    } else problems.push(`${raw} is not a number of your SMS gateways.`);
  }
  if (problems.length > 0) throw new AppError("keyword_phone_invalid", problems[0], { "values.phones": problems });
  return out;
}
