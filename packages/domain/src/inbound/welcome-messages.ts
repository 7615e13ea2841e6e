import { sql } from "drizzle-orm";
import { renderMessage } from "../campaigns";
import { CounterBatch, loadRenderLeads, utcDay } from "../sending";
import { type DbOrTx, rows } from "../shared/rows";
import { type SystemMessage, type SystemMessageDeps, type SystemMessageKind, sendSystemMessages } from "./system-messages";

/*
 * Welcome messages (step option `need_send_welcome_message`, spec 3 §3): one per lead per campaign at most, the
 * `welcome_messages` unique key. A lead's first accepted SMS of a step with the option plans it, in the transaction
 * that records the outcome (the dispatcher's record step); the job `inbound.welcomes` sends it once, through the
 * gateway and from the number that message used, with the state machine and money of system-messages.ts. Its text's
 * placeholders are filled for the lead when it is sent (the stored row shows the text as sent).
 */

interface TakenWelcome extends SystemMessage {
  lead_id: number;
}

const welcomes: SystemMessageKind = {
  hold: "welcome",
  messagePrefix: "welcome",
  keyPrefix: "welcome",
  // A welcome goes the way its lead's message went: a provider-side pool's, or a number's.
  claim: async (db, limit) =>
    renderWelcomes(
      db,
      await rows<TakenWelcome>(
        db,
        sql`UPDATE welcome_messages w SET state = 'submitting', updated_at = now()
            FROM (SELECT id FROM welcome_messages WHERE state = 'planned' ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED) t
            WHERE w.id = t.id
            RETURNING w.id::float8 AS id, w.team_id, w.gateway_id, w.to_number AS "to", coalesce(w.short_code, '') AS "from",
              coalesce((SELECT m.sender_kind FROM campaign_messages m
                        WHERE m.campaign_id = w.campaign_id AND m.step_id = w.step_id AND m.lead_id = w.lead_id), 'number') AS sender_kind,
              w.message AS body, w.lead_id::float8 AS lead_id`,
      ),
    ),
  // What a welcome cost is its campaign's cost too (its step's), so profit counts it.
  record: async (tx, id, o) => {
    const moved = await rows<{ team_id: number; campaign_id: number; step_id: number; part_id: number | null }>(
      tx,
      sql`UPDATE welcome_messages w SET state = ${o.state}, provider_id = ${o.providerId}, cost = ${o.cost}, message = ${o.body},
            error_message = ${o.error}, sent_at = ${o.cost === null ? sql`NULL` : sql`now()`}, updated_at = now()
          WHERE w.id = ${id} AND w.state = 'submitting'
          RETURNING w.team_id, w.campaign_id, w.step_id, (SELECT m.part_id FROM campaign_messages m
            WHERE m.campaign_id = w.campaign_id AND m.step_id = w.step_id AND m.lead_id = w.lead_id) AS part_id`,
    );
    const w = moved[0];
    if (w && o.cost) {
      const key = { teamId: w.team_id, campaignId: w.campaign_id, stepId: w.step_id, partId: w.part_id ?? w.step_id, day: utcDay() };
      await new CounterBatch().add(key, "cost", o.cost).write(tx);
    }
    return moved.length > 0;
  },
  closeStale: (tx, minutes) =>
    rows(
      tx,
      sql`UPDATE welcome_messages SET state = 'unknown', updated_at = now()
          WHERE state = 'submitting' AND updated_at < now() - make_interval(mins => ${minutes})
          RETURNING id::float8 AS id, team_id`,
    ),
  // A phone that opted out after its first message (a STOP to it) gets no welcome.
  optOutGate: true,
};

/** Sends every planned welcome; answers how many were handed to a provider (or may have been). */
export const sendPlannedWelcomes = (deps: SystemMessageDeps): Promise<number> => sendSystemMessages(deps, welcomes);

/**
 * The welcome texts filled in for their leads as a step's message is (campaigns/render-message.ts): attributes,
 * source, list, last four digits, random numbers. A welcome carries no short link: `{{link}}` is left empty.
 */
async function renderWelcomes(db: DbOrTx, taken: TakenWelcome[]): Promise<SystemMessage[]> {
  if (taken.length === 0) return [];
  const leads = await loadRenderLeads(
    db,
    taken.map((w) => ({ team_id: w.team_id, lead_id: w.lead_id })),
  );
  return taken.map(({ lead_id, ...w }) => {
    const lead = leads.lead(w.team_id, lead_id);
    const values = leads.values(w.team_id, lead);
    if (Object.hasOwn(values, "phone")) values.phone = w.to;
    const body = renderMessage(w.body, {
      link: "",
      unsubscribeUrl: "",
      source: lead?.source ?? "",
      list: lead?.list ?? "",
      phone: w.to,
      attributes: values,
    });
    return { ...w, body };
  });
}
