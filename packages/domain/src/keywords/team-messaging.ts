import {
  type AnswerSender,
  type AnswerTemplates,
  answerSender,
  fillAnswer,
  type RenderedAnswer,
  renderTeamAnswers,
  type SaveTeamMessaging,
  SmsPartLimits,
  smsLength,
  type TeamMessaging,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one, rows } from "../shared/rows";

/*
 * Settings → Keywords → "Opt-out and help answers": the brand and help contact the system STOP, START and HELP
 * answers name. Unset, the team's name and its first admin's email stand in.
 */

interface SenderRow {
  brand_name: string | null;
  help_contact: string | null;
  default_brand: string;
  default_contact: string | null;
}

/** The team's values and their defaults, in one indexed read (the inbound handler calls it inside its transaction). */
async function senderRow(db: DbOrTx, teamId: number): Promise<SenderRow> {
  const row = await one<SenderRow>(
    db,
    sql`SELECT t.brand_name, t.help_contact, t.name AS default_brand,
          (SELECT u.email FROM users u WHERE u.team_id = t.id AND u.role = 'team_admin' ORDER BY u.id LIMIT 1) AS default_contact
        FROM teams t WHERE t.id = ${teamId}`,
  );
  if (!row) throw new AppError("not_found");
  // A blank stored value (written by hand) is no value: the default stands in, never an empty "Help at .".
  return { ...row, brand_name: row.brand_name?.trim() || null, help_contact: row.help_contact?.trim() || null };
}

/** Who the team's system answers say is texting, and its help contact. */
export async function teamAnswerSender(db: DbOrTx, teamId: number): Promise<AnswerSender> {
  const row = await senderRow(db, teamId);
  return answerSender(row, row);
}

async function systemTemplates(db: DbOrTx): Promise<AnswerTemplates> {
  const found = await rows<{ action: keyof AnswerTemplates; response_message: string }>(
    db,
    sql`SELECT action, response_message FROM sms_keywords WHERE team_id IS NULL AND action IN ('stop', 'start', 'help') ORDER BY id`,
  );
  const text = (action: keyof AnswerTemplates) => found.find((k) => k.action === action)?.response_message.trim() ?? "";
  return { stop: text("stop"), start: text("start"), help: text("help") };
}

function present(row: SenderRow, templates: AnswerTemplates): TeamMessaging {
  const answers = renderTeamAnswers(templates, answerSender(row, row));
  return {
    brand_name: row.brand_name,
    help_contact: row.help_contact,
    stop_preview: answers.stop.text,
    help_preview: answers.help.text,
    start_preview: answers.start.text,
    default_brand: row.default_brand,
    default_contact: row.default_contact,
    templates,
  };
}

/** GET /api/sms-keywords/messaging. */
export async function getTeamMessaging(db: DbOrTx, ctx: TeamCtx): Promise<TeamMessaging> {
  return present(await senderRow(db, ctx.teamId), await systemTemplates(db));
}

const ANSWER_NAMES = { stop: "STOP", start: "START", help: "HELP" } as const;
const FIELD_NAMES = { brand_name: "brand name", help_contact: "help contact" } as const;
const FILLED = /\{\{(?:brand|contact)\}\}/;

interface Problem {
  field: keyof typeof FIELD_NAMES;
  message: string;
}

/**
 * Why the typed values do not give a one-part answer, or null. Only what was typed is judged: an unset brand (the
 * team's name) may be shortened as the rendering rule says; a typed one is sent as typed, or refused here.
 */
function overflow(
  action: keyof AnswerTemplates,
  template: string,
  answer: RenderedAnswer,
  input: SaveTeamMessaging,
  sender: AnswerSender,
): Problem | null {
  // An operator's text without the placeholders is the same whatever the team saves.
  if (!FILLED.test(template)) return null;
  if (answer.fits && (input.brand_name === null || answer.brand === input.brand_name)) return null;
  const length = smsLength(fillAnswer(template, sender.brand, sender.contact), { placeholders: false });
  const name = ANSWER_NAMES[action];
  const odd = length.nonGsmCharacters;
  const oddIn = (value: string | null) => odd.some((c) => value?.includes(c));
  if (odd.length > 0 && (oddIn(sender.brand) || oddIn(sender.contact))) {
    const field = oddIn(sender.brand) ? "brand_name" : "help_contact";
    const unicode = SmsPartLimits["UCS-2"].single;
    const holder = field === "brand_name" && input.brand_name === null ? "Your team's name" : `The ${FIELD_NAMES[field]}`;
    const fix = holder === "Your team's name" ? "Enter a brand name without them." : "Leave them out.";
    return {
      field,
      message: `${holder} has characters outside the basic SMS alphabet (${odd.join(" ")}): the ${name} answer would go as Unicode, ${unicode} characters a part, in ${length.parts} parts. ${fix}`,
    };
  }
  // HELP holds the contact too: when even a shortened brand does not make it fit, a typed contact is what to shorten.
  const field = action === "help" && !answer.fits && input.help_contact !== null ? "help_contact" : "brand_name";
  const gsm = SmsPartLimits["GSM-7"].single;
  return {
    field,
    message: `The ${name} answer would be ${length.characters} characters, and one SMS holds ${gsm}: enter a shorter ${FIELD_NAMES[field]}.`,
  };
}

/**
 * PUT /api/sms-keywords/messaging: the brand and the contact, refused (422 on the field to shorten) when an answer
 * with them would take more than one SMS part — a STOP confirmation in two parts may arrive as two texts, or half.
 */
export async function saveTeamMessaging(db: DbOrTx, ctx: TeamCtx, input: SaveTeamMessaging): Promise<TeamMessaging> {
  return db.transaction(async (tx) => {
    const row = await senderRow(tx, ctx.teamId);
    const templates = await systemTemplates(tx);
    const next = { ...row, brand_name: input.brand_name, help_contact: input.help_contact };
    const sender = answerSender(next, next);
    const answers = renderTeamAnswers(templates, sender);
    for (const action of ["stop", "help", "start"] as const) {
      const problem = overflow(action, templates[action], answers[action], input, sender);
      if (problem) throw new AppError("keyword_answer_too_long", problem.message, { [problem.field]: [problem.message] });
    }
    await tx.execute(
      sql`UPDATE teams SET brand_name = ${input.brand_name}, help_contact = ${input.help_contact}, updated_at = now()
          WHERE id = ${ctx.teamId}`,
    );
    return present(next, templates);
  });
}
