import { randomBytes, randomInt } from "node:crypto";
import {
  DefaultConsentText,
  DefaultSuccessMessage,
  type SaveSignupForm,
  type SignupForm,
  type SignupFormAnswer,
  type SignupFormField,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { keywordPhoneOptions } from "../keywords";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one, rows } from "../shared/rows";

/*
 * A list's hosted sign-up form (docs/opt-in.md): one per list, its settings on the list page, its page public at
 * `/f/{code}` on the team's short domain. Its submissions are merged under an import record of its own, so Import
 * History shows them as it shows an API key's.
 */

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 10 base62 characters: unguessable, so one form's address says nothing of another's. */
const newFormCode = () => Array.from({ length: 10 }, () => BASE62[randomInt(62)]).join("");

interface FormRow {
  id: number;
  list_id: number;
  code: string;
  title: string;
  description: string;
  fields: SignupFormField[];
  consent_text: string;
  success_message: string;
  double_opt_in: boolean;
  enabled: boolean;
  gateway_id: number | null;
  from_number: string | null;
  pending: number;
  confirmed: number;
  created_at: string;
  updated_at: string;
}

/** Where the team's forms live: its first enabled short domain (https when on), else the app's own host. */
export async function formBaseUrl(db: DbOrTx, teamId: number, appUrl: string): Promise<string> {
  const d = await one<{ url: string; https_enabled: boolean }>(
    db,
    sql`SELECT url, https_enabled FROM short_url_domains WHERE team_id = ${teamId} AND access = 'enabled' ORDER BY sort_order, id LIMIT 1`,
  );
  return d ? `${d.https_enabled ? "https" : "http"}://${d.url}` : new URL(appUrl).origin;
}

async function listOf(db: DbOrTx, ctx: TeamCtx, listId: number): Promise<{ id: number; name: string; source_id: number }> {
  const list = await one<{ id: number; name: string; source_id: number }>(
    db,
    sql`SELECT id, name, source_id FROM lists WHERE team_id = ${ctx.teamId} AND id = ${listId}`,
  );
  if (!list) throw new AppError("list_not_found");
  return list;
}

const formSelect = (teamId: number) => sql`SELECT f.id, f.list_id, f.code, f.title, f.description, f.fields, f.consent_text,
    f.success_message, f.double_opt_in, f.enabled, f.gateway_id, f.from_number, f.created_at::text, f.updated_at::text,
    (SELECT count(*)::int FROM opt_in_requests r WHERE r.team_id = ${teamId} AND r.form_id = f.id AND r.state = 'pending' AND r.expires_at > now()) AS pending,
    (SELECT count(*)::int FROM opt_in_requests r WHERE r.team_id = ${teamId} AND r.form_id = f.id AND r.state = 'confirmed') AS confirmed
  FROM signup_forms f`;

export async function getSignupForm(db: DbOrTx, ctx: TeamCtx, listId: number, appUrl: string): Promise<SignupFormAnswer> {
  const list = await listOf(db, ctx, listId);
  const row = await one<FormRow>(db, sql`${formSelect(ctx.teamId)} WHERE f.team_id = ${ctx.teamId} AND f.list_id = ${listId}`);
  const defaults = { title: `Join ${list.name}`, consent_text: DefaultConsentText, success_message: DefaultSuccessMessage };
  return { data: row ? present(row, await formBaseUrl(db, ctx.teamId, appUrl)) : null, defaults };
}

/** Creates the list's form or changes it; the code (its address) never changes. */
export async function saveSignupForm(db: DbOrTx, ctx: TeamCtx, listId: number, input: SaveSignupForm, appUrl: string): Promise<SignupForm> {
  await db.transaction(async (tx) => {
    const list = await listOf(tx, ctx, listId);
    await checkFields(tx, ctx, input.fields);
    await checkSender(tx, ctx, input.gateway_id, input.from_number);
    const fields = JSON.stringify(input.fields);
    const saved = await one<{ id: number; import_id: number | null }>(
      tx,
      sql`INSERT INTO signup_forms (team_id, list_id, code, token_secret, title, description, fields, consent_text, success_message,
            double_opt_in, enabled, gateway_id, from_number)
          VALUES (${ctx.teamId}, ${listId}, ${newFormCode()}, ${randomBytes(32).toString("base64url")}, ${input.title},
            ${input.description}, ${fields}::jsonb, ${input.consent_text}, ${input.success_message}, ${input.double_opt_in},
            ${input.enabled}, ${input.gateway_id}, ${input.from_number})
          ON CONFLICT (team_id, list_id) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description,
            fields = EXCLUDED.fields, consent_text = EXCLUDED.consent_text, success_message = EXCLUDED.success_message,
            double_opt_in = EXCLUDED.double_opt_in, enabled = EXCLUDED.enabled, gateway_id = EXCLUDED.gateway_id,
            from_number = EXCLUDED.from_number, updated_at = now()
          RETURNING id, import_id`,
    );
    if (saved!.import_id === null) await createFormImport(tx, ctx.teamId, saved!.id, list, input.title);
    else
      await tx.execute(
        sql`UPDATE imports SET filename = ${`Sign-up form: ${input.title}`}, updated_at = now() WHERE team_id = ${ctx.teamId} AND id = ${saved!.import_id}`,
      );
  });
  const answer = await getSignupForm(db, ctx, listId, appUrl);
  return answer.data!;
}

/** The record the form's submissions are merged under (one for the form's life, like an API key's day). */
async function createFormImport(tx: DbOrTx, teamId: number, formId: number, list: { id: number; source_id: number }, title: string) {
  const record = await one<{ id: number }>(
    tx,
    sql`INSERT INTO imports (team_id, source_id, list_id, filename, stored_path, format, status, progress, sync_status, sync_progress,
          total_rows, merged_batches, validated_at, dispatched_at, started_at, finished_at)
        VALUES (${teamId}, ${list.source_id}, ${list.id}, ${`Sign-up form: ${title}`}, '', 'api', 'completed', 100, 'completed', 100,
          0, 0, now(), now(), now(), now())
        RETURNING id`,
  );
  await tx.execute(sql`UPDATE signup_forms SET import_id = ${record!.id} WHERE team_id = ${teamId} AND id = ${formId}`);
}

async function checkFields(tx: DbOrTx, ctx: TeamCtx, fields: readonly SignupFormField[]): Promise<void> {
  if (fields.length === 0) return;
  const ids = fields.map((f) => f.attribute_id);
  const found = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM lead_attributes WHERE team_id = ${ctx.teamId} AND id = ANY(${`{${ids.join(",")}}`}::int[]) AND type <> 'phone'`,
  );
  if (found.length !== ids.length)
    throw new AppError("signup_form_field_invalid", undefined, {
      fields: ["Choose fields among your lead attributes (the phone is always asked)."],
    });
}

async function checkSender(tx: DbOrTx, ctx: TeamCtx, gatewayId: number | null, from: string | null): Promise<void> {
  if (gatewayId === null && from === null) return;
  const options = await keywordPhoneOptions(tx, ctx);
  const ok = options.some((o) => o.phone === from && o.gateways.some((g) => g.id === gatewayId));
  if (!ok) throw new AppError("signup_form_sender_invalid", undefined, { from_number: ["Choose a number of your active SMS gateways."] });
}

function present(r: FormRow, base: string): SignupForm {
  const { pending, confirmed, ...rest } = r;
  return { ...rest, url: `${base}/f/${r.code}`, pending, confirmed };
}
