import { smsLength } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { CounterBatch, utcDay } from "../campaigns";
import { normalizePhone } from "../contacts";
import { touchOnInbound } from "../conversations";
import { keywordPhoneKey } from "../keywords";
import { cancelOptIns, confirmOptIns, optInRequestText, requestKeywordOptIn } from "../opt-in";
import { type InboundMessage, sendBillingOf, sendUnitCost } from "../providers";
import { enrollLeads } from "../sending";
import { type DbOrTx, one, rows } from "../shared/rows";
import { lockInboundPhone } from "../shared/team-locks";
import { subscribeToList } from "./list-subscribe";
import { optInPhone, optOutPhone } from "./phone-opt-out";
import { normalizeReply, replyIntent } from "./reply-intent";
import { keywordsForReply, type ReplyKeyword, systemAnswer } from "./reply-keywords";

/*
 * A reply, applied in the webhook's request (docs/inbound.md): its team, lead and campaign found, the
 * text read (reply-intent.ts), a STOP's suppression and a START's lift committed, keyword actions run, and the one
 * answer it earns planned on its row — all in the transaction that stores it, so the webhook answers only after the
 * opt-out is committed. A repeat of a provider's message id finds its row and does nothing (nor answers twice).
 * Answers are sent by inbound-answers.ts, outside the request.
 */

/** The gateway a reply came through; `teamId` null for a platform gateway (the team is the one that wrote to the phone). */
export interface InboundGateway {
  id: number;
  teamId: number | null;
  type: string;
}

export interface AppliedReplies {
  /** Replies stored now (not repeats, and with a team to store them for). */
  stored: number;
  /** Of those, replies with an answer waiting to be sent. */
  answers: number;
  /** Gateways whose dispatchers have new rows (a keyword started a trigger campaign). */
  wake: number[];
  /** The inbox threads the replies moved (each team's, told live once committed). */
  conversations: { teamId: number; id: number }[];
}

/** HELP is answered at most once in this long per phone (carriers' rule of thumb: no help loop with a bot). */
const HELP_EVERY_HOURS = 24;
/** States of a ledger row that went (or may have gone) to the provider: the "last message sent" a reply answers. */
const HANDED = sql`('submitting', 'unknown', 'accepted', 'sent', 'delivered', 'failed', 'blocked', 'inactive')`;

interface LastMessage {
  id: number;
  team_id: number;
  campaign_id: number;
  step_id: number;
  part_id: number;
  lead_id: number;
}

export async function applyReplies(tx: DbOrTx, gw: InboundGateway, messages: readonly InboundMessage[]): Promise<AppliedReplies> {
  const out: AppliedReplies = { stored: 0, answers: 0, wake: [], conversations: [] };
  for (const m of messages) {
    const applied = await applyReply(tx, gw, m);
    if (!applied) continue;
    out.stored++;
    if (!out.conversations.some((c) => c.id === applied.conversation.id)) out.conversations.push(applied.conversation);
    if (applied.answer) out.answers++;
    for (const id of applied.wake) if (!out.wake.includes(id)) out.wake.push(id);
  }
  return out;
}

/** The phone as the ledger and lead_phones key it (E.164); a number that does not parse is kept as it came. */
const phoneKey = (raw: string) => {
  const p = normalizePhone(raw);
  return p.ok ? p.e164 : raw.trim();
};

interface AppliedReply {
  answer: boolean;
  wake: number[];
  conversation: { teamId: number; id: number };
}

async function applyReply(tx: DbOrTx, gw: InboundGateway, m: InboundMessage): Promise<AppliedReply | null> {
  const from = phoneKey(m.from);
  const to = keywordPhoneKey(m.to) ?? m.to.trim();
  const last = await lastMessageTo(tx, gw, from, to);
  const teamId = gw.teamId ?? last?.team_id ?? null;
  // A platform number's reply from a phone no team wrote to belongs to nobody: the inbox keeps it, nothing else does.
  if (teamId === null) return null;
  await lockInboundPhone(tx, teamId, from);
  const leadId = last?.lead_id ?? (await leadOfPhone(tx, teamId, from));
  const keywords = await keywordsForReply(tx, teamId, to);
  const own = keywords.filter((k) => !k.is_system);
  const intent = replyIntent(
    m.body,
    own.flatMap((k) => k.words),
  );
  const keyword = intent.kind === "keyword" ? own.find((k) => k.words.includes(intent.keyword)) : undefined;
  const parts = Math.max(1, smsLength(m.body).parts);
  // A team's own gateway: its provider bills the reply per part at the gateway's price when it bills replies at all
  // (providers/billing.ts); the platform charges none. A reply is the team's cost, not one of the campaign's messages.
  const billed = gw.teamId !== null && sendBillingOf("sms", gw.type).inboundBilled;
  const cost = billed ? Math.round(parts * (sendUnitCost("sms", gw.type) ?? 0) * 1e6) / 1e6 : 0;
  const stored = await one<{ id: number }>(
    tx,
    sql`INSERT INTO inbound_messages (team_id, gateway_id, event_id, from_number, to_number, body, cost, lead_id, campaign_id,
          step_id, part_id, message_id, intent, keyword_id, needs_review)
        VALUES (${teamId}, ${gw.id}, ${m.eventId}, ${from}, ${to}, ${m.body}, ${cost}, ${leadId}, ${last?.campaign_id ?? null},
          ${last?.step_id ?? null}, ${last?.part_id ?? null}, ${last?.id ?? null}, ${intent.kind === "message" ? "none" : intent.kind},
          ${keyword?.id ?? null}, ${intent.kind === "fuzzy_stop"})
        ON CONFLICT (gateway_id, event_id) DO NOTHING
        RETURNING id`,
  );
  if (!stored) return null;
  // The inbox thread of the phone (docs/conversations.md): it moves up and counts the reply unread.
  const conversation = { teamId, id: await touchOnInbound(tx, { teamId, phone: from, leadId, gatewayId: gw.id, sender: to }) };

  const campaignId = last?.campaign_id ?? null;
  let answer = "";
  const wake: number[] = [];
  switch (intent.kind) {
    case "stop":
    case "fuzzy_stop": {
      const done = await optOutPhone(tx, teamId, from, intent.kind, campaignId);
      await cancelOptIns(tx, teamId, from);
      if (done.suppressed) await countUnsubscribe(tx, last);
      // One confirmation for every opt-out, a fuzzy one too (it still waits for review): a reply that finds the phone
      // already suppressed changes nothing and says nothing, however often it is repeated.
      if (done.suppressed) answer = await systemAnswer(tx, teamId, keywords, "stop");
      break;
    }
    case "start": {
      const lifted = await optInPhone(tx, teamId, from);
      // A YES confirms the phone's pending double opt-ins (docs/opt-in.md); with none, it is the START it always was.
      const confirmed =
        normalizeReply(m.body) === "yes"
          ? await confirmOptIns(tx, teamId, from, { id: stored.id, at: new Date().toISOString() }, (listId, lead) =>
              subscribeToList(tx, teamId, listId, lead),
            )
          : "";
      if (confirmed) answer = confirmed;
      else if (lifted) answer = await systemAnswer(tx, teamId, keywords, "start");
      break;
    }
    case "help":
      if (!(await helpAnsweredLately(tx, teamId, from, stored.id))) answer = await systemAnswer(tx, teamId, keywords, "help");
      break;
    case "keyword":
      if (keyword) answer = await runKeyword(tx, teamId, from, leadId, keyword, last, wake, stored.id);
      break;
    case "message":
      break;
  }
  if (answer)
    await tx.execute(
      sql`UPDATE inbound_messages SET answer_message = ${answer}, answer_state = 'planned', updated_at = now() WHERE id = ${stored.id}`,
    );
  return { answer: answer !== "", wake, conversation };
}

/**
 * The last message sent to the phone from the number it wrote to, through this gateway: the team's own for its
 * gateway; on a platform gateway, each team's latest by its (team, address) index, the newest of them.
 */
async function lastMessageTo(tx: DbOrTx, gw: InboundGateway, from: string, to: string): Promise<LastMessage | null> {
  const teams = gw.teamId === null ? sql`SELECT id FROM teams` : sql`SELECT ${gw.teamId}::int AS id`;
  // A provider-side pool sends from a number the ledger does not name: its rows match by the gateway alone.
  const found = await one<LastMessage>(
    tx,
    sql`SELECT x.* FROM (${teams}) t CROSS JOIN LATERAL (
          SELECT m.id::float8 AS id, m.team_id, m.campaign_id, m.step_id, m.part_id, m.lead_id::float8 AS lead_id, m.submitted_at
          FROM campaign_messages m
          WHERE m.team_id = t.id AND m.address = ${from} AND m.channel = 'sms' AND m.gateway_id = ${gw.id}
            AND (m.sender = ${to} OR m.sender_kind = 'pool') AND m.state IN ${HANDED}
          ORDER BY m.submitted_at DESC NULLS LAST, m.id DESC LIMIT 1) x
        ORDER BY x.submitted_at DESC NULLS LAST, x.id DESC LIMIT 1`,
  );
  return found ?? null;
}

async function leadOfPhone(tx: DbOrTx, teamId: number, phone: string): Promise<number | null> {
  const found = await one<{ lead_id: number }>(
    tx,
    sql`SELECT lead_id::float8 AS lead_id FROM lead_phones WHERE team_id = ${teamId} AND phone = ${phone}`,
  );
  return found?.lead_id ?? null;
}

async function helpAnsweredLately(tx: DbOrTx, teamId: number, phone: string, exceptId: number): Promise<boolean> {
  const found = await rows(
    tx,
    sql`SELECT 1 FROM inbound_messages WHERE team_id = ${teamId} AND from_number = ${phone} AND id <> ${exceptId}
          AND intent = 'help' AND answer_state IS NOT NULL AND created_at > now() - make_interval(hours => ${HELP_EVERY_HOURS})
        LIMIT 1`,
  );
  return found.length > 0;
}

/** The campaign whose message the opt-out answered counts it (Unsubscribes on its list and statistics). */
async function countUnsubscribe(tx: DbOrTx, last: LastMessage | null): Promise<void> {
  if (!last) return;
  const key = { teamId: last.team_id, campaignId: last.campaign_id, stepId: last.step_id, partId: last.part_id, day: utcDay() };
  await new CounterBatch().add(key, "unsubscribed").write(tx);
}

/** A team keyword's action; answers its response message (empty: no answer). */
async function runKeyword(
  tx: DbOrTx,
  teamId: number,
  phone: string,
  leadId: number | null,
  k: ReplyKeyword,
  last: LastMessage | null,
  wake: number[],
  inboundId: number,
): Promise<string> {
  switch (k.action) {
    case "subscribe":
      if (leadId !== null && k.list_id !== null && k.double_opt_in) {
        // Asked first: the lead joins on its YES (docs/opt-in.md). A lead in the list already gets the keyword's answer.
        const request = await optInRequestText(tx, teamId, k.response_message);
        const asked = await requestKeywordOptIn(tx, teamId, phone, leadId, { id: k.id, list_id: k.list_id }, inboundId, request);
        if (asked !== "member") return request;
      } else if (leadId !== null && k.list_id !== null) await subscribeToList(tx, teamId, k.list_id, leadId);
      break;
    case "unsubscribe":
      await cancelOptIns(tx, teamId, phone);
      if ((await optOutPhone(tx, teamId, phone, "keyword", last?.campaign_id ?? null)).suppressed) await countUnsubscribe(tx, last);
      break;
    case "trigger":
      if (leadId !== null && k.automation_campaign_id !== null) {
        const enrolled = await enrollLeads(tx, teamId, k.automation_campaign_id, [leadId]);
        wake.push(...enrolled.gatewayIds);
      }
      break;
    case "reply":
    case "stop":
    case "start":
    case "help":
      break;
  }
  return k.response_message.trim();
}
