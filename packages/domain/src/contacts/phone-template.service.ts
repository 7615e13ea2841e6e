import type { PhoneValidationTemplate } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { checkIgnoreTemplateEntry } from "./phone-ignore-template";

/** Settings → Ignore Phone Format: the entries an import skips (see phone-ignore-template.ts). */
export async function getPhoneTemplate(db: DbOrTx, teamId: number): Promise<PhoneValidationTemplate> {
  const row = await one<{ values: string[] }>(
    db,
    sql`SELECT "values" FROM validation_templates WHERE team_id = ${teamId} AND type = 'phone'`,
  );
  return { values: row?.values ?? [] };
}

export async function putPhoneTemplate(db: DbOrTx, ctx: TeamCtx, input: PhoneValidationTemplate): Promise<PhoneValidationTemplate> {
  const errors: Record<string, string[]> = {};
  input.values.forEach((v, i) => {
    const problem = checkIgnoreTemplateEntry(v);
    if (problem) errors[`values.${i}`] = [`"${v}": ${problem}`];
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError("invalid_phone_template", first, errors);
  const values = [...new Set(input.values)];
  await db.execute(
    sql`INSERT INTO validation_templates (team_id, type, "values") VALUES (${ctx.teamId}, 'phone', ${JSON.stringify(values)}::jsonb)
        ON CONFLICT (team_id, type) DO UPDATE SET "values" = EXCLUDED."values", updated_at = now()`,
  );
  return { values };
}
