import { fillBrand, OPT_IN_CONFIRM_HOURS, OptInRequestText, type SignupFormField } from "@leadflow/contracts";
import type { schema } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { ensureSystemAttributes } from "../attributes";
import { normalizeEmail, normalizePhone } from "../contacts";
import { teamAnswerSender } from "../keywords";
import { type DbOrTx, one } from "../shared/rows";
import { mergeSubmission } from "./opt-in-merge";

/*
 * The public side of a sign-up form (docs/opt-in.md): what its page shows (the form alone: its texts and fields, the
 * brand — no other team data), and a submission: checked (nothing is written when a value is wrong), then merged into
 * the list at once, or with double opt-in kept on a pending request whose "Reply YES" SMS the dispatcher's lane sends.
 */

export interface PublicFormField extends SignupFormField {
  /** The input kind: email or text (the phone is always the first field). */
  type: "email" | "string";
}

export interface PublicForm {
  id: number;
  teamId: number;
  listId: number;
  sourceId: number;
  importId: number;
  code: string;
  tokenSecret: string;
  brand: string;
  title: string;
  description: string;
  fields: PublicFormField[];
  consentText: string;
  successMessage: string;
  doubleOptIn: boolean;
  gatewayId: number | null;
  fromNumber: string | null;
}

/** An enabled form by its code; on a team's short host, only that team's. Null: the page is a 404. */
export async function publicSignupForm(db: DbOrTx, code: string, hostTeamId: number | null): Promise<PublicForm | null> {
  if (!/^[0-9A-Za-z]{10}$/.test(code)) return null;
  const f = await one<{
    id: number;
    team_id: number;
    list_id: number;
    source_id: number;
    import_id: number;
    code: string;
    token_secret: string;
    title: string;
    description: string;
    fields: SignupFormField[];
    types: Record<string, string> | null;
    consent_text: string;
    success_message: string;
    double_opt_in: boolean;
    gateway_id: number | null;
    from_number: string | null;
  }>(
    db,
    sql`SELECT f.id, f.team_id, f.list_id, l.source_id, f.import_id::float8 AS import_id, f.code, f.token_secret, f.title, f.description,
          f.fields, f.consent_text, f.success_message, f.double_opt_in, f.gateway_id, f.from_number,
          (SELECT jsonb_object_agg(a.id::text, a.type) FROM lead_attributes a
            WHERE a.team_id = f.team_id AND a.id IN (SELECT (x->>'attribute_id')::int FROM jsonb_array_elements(f.fields) x)) AS types
        FROM signup_forms f JOIN lists l ON l.team_id = f.team_id AND l.id = f.list_id
        WHERE f.code = ${code} AND f.enabled AND f.import_id IS NOT NULL
          ${hostTeamId === null ? sql`` : sql`AND f.team_id = ${hostTeamId}`}`,
  );
  if (!f) return null;
  const brand = (await teamAnswerSender(db, f.team_id)).brand;
  return {
    id: f.id,
    teamId: f.team_id,
    listId: f.list_id,
    sourceId: f.source_id,
    importId: f.import_id,
    code: f.code,
    tokenSecret: f.token_secret,
    brand,
    title: f.title,
    description: f.description,
    // A field whose attribute was deleted since is left off the page.
    fields: f.fields.flatMap((x) => {
      const type = f.types?.[String(x.attribute_id)];
      return type === undefined ? [] : [{ ...x, type: type === "email" ? ("email" as const) : ("string" as const) }];
    }),
    consentText: fillBrand(f.consent_text, brand),
    successMessage: fillBrand(f.success_message, brand),
    doubleOptIn: f.double_opt_in,
    gatewayId: f.gateway_id,
    fromNumber: f.from_number,
  };
}

/** Where and how the person submitted: the consent record's evidence. */
export interface SubmissionMeta {
  ip: string;
  userAgent: string;
  pageUrl: string;
}

export type SubmitResult = { kind: "done"; pending: boolean; wake: number[] } | { kind: "invalid"; errors: Record<string, string> };

const MAX_VALUE = 500;

/** Checks and saves a submission. `values`: `phone` and `f{attribute id}` as the page's inputs name them. */
export async function submitSignupForm(
  db: DbOrTx,
  form: PublicForm,
  values: Record<string, string | undefined>,
  meta: SubmissionMeta,
): Promise<SubmitResult> {
  const errors: Record<string, string> = {};
  const phone = normalizePhone((values.phone ?? "").trim());
  if (!(values.phone ?? "").trim()) errors.phone = "Enter your mobile number.";
  else if (!phone.ok) errors.phone = "Enter a valid mobile number.";
  const attrs: schema.OptInSubmission["attributes"] = [];
  for (const f of form.fields) {
    const raw = (values[`f${f.attribute_id}`] ?? "").trim();
    const key = `f${f.attribute_id}`;
    if (raw === "") {
      if (f.required) errors[key] = `Enter your ${f.label.toLowerCase()}.`;
      continue;
    }
    if (raw.length > MAX_VALUE) errors[key] = `${f.label} is too long.`;
    else if (f.type === "email") {
      const email = normalizeEmail(raw);
      if (email.ok) attrs.push({ attribute_id: f.attribute_id, type: "email", value: email.email });
      else errors[key] = "Enter a valid email address.";
    } else attrs.push({ attribute_id: f.attribute_id, type: "string", value: raw });
  }
  if (Object.keys(errors).length || !phone.ok) return { kind: "invalid", errors };

  const system = await ensureSystemAttributes(db, form.teamId);
  const submission: schema.OptInSubmission = {
    attributes: [{ attribute_id: system.phone, type: "phone", value: phone.e164 }, ...attrs],
    consent: {
      captured_at: new Date().toISOString(),
      page_url: meta.pageUrl.slice(0, 2000),
      ip: meta.ip,
      user_agent: meta.userAgent.slice(0, 1000),
      language: form.consentText,
    },
  };
  const target = { teamId: form.teamId, listId: form.listId, sourceId: form.sourceId, importId: form.importId };
  return db.transaction(async (tx) => {
    if (!form.doubleOptIn) {
      const merged = await mergeSubmission(tx, target, submission, null);
      if (merged)
        await tx.execute(
          sql`INSERT INTO opt_in_requests (team_id, list_id, lead_id, phone, origin, form_id, consent_id, state, expires_at, confirmed_at)
              VALUES (${form.teamId}, ${form.listId}, ${merged.leadId}, ${phone.e164}, 'form', ${form.id}, ${merged.consentId},
                'confirmed', now(), now())`,
        );
      return { kind: "done", pending: false, wake: [] };
    }
    // One request at a time per phone and form: a page posted again (or by someone typing another's number over and
    // over) sends no second SMS while the first still waits.
    const waiting = await one(
      tx,
      sql`SELECT 1 FROM opt_in_requests WHERE team_id = ${form.teamId} AND phone = ${phone.e164} AND form_id = ${form.id}
            AND state = 'pending' AND expires_at > now()`,
    );
    if (waiting) return { kind: "done", pending: true, wake: [] };
    const message = fillBrand(OptInRequestText, form.brand);
    await tx.execute(
      sql`INSERT INTO opt_in_requests (team_id, list_id, phone, origin, form_id, submission, expires_at, gateway_id, from_number, send_state, message)
          VALUES (${form.teamId}, ${form.listId}, ${phone.e164}, 'form', ${form.id}, ${JSON.stringify(submission)}::jsonb,
            now() + make_interval(hours => ${OPT_IN_CONFIRM_HOURS}), ${form.gatewayId}, ${form.fromNumber},
            ${form.gatewayId === null ? null : "planned"}, ${message})`,
    );
    return { kind: "done", pending: true, wake: form.gatewayId === null ? [] : [form.gatewayId] };
  });
}
