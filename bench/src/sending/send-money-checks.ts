import type { Database } from "@leadflow/db";
import type { FakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";

/*
 * F16 (sends): the team's money after the run, read from the ledger, the holds, the send ledger's rows and the
 * provider's own record (the fake's messages), and what must hold between them.
 */

/** Rows that may have reached a recipient, so are paid for (charges.ts: accepted and unknown, and what follows). */
const MAY_HAVE_SENT = ["submitting", "unknown", "accepted", "sent", "delivered", "failed", "blocked", "inactive", "bounced", "complained"];

export interface SendMoney {
  balance: number;
  freeLeft: number;
  holds: number;
  ledger: { items: number; free: number; charged: number; rows: number };
  /**
   * `billed`: the rows (and parts) of them the provider bills — all but those whose final word was Twilio's "failed"
   * (never handed to a carrier: cost 0). `neverArrived`: rows (and their parts) paid as maybe sent that the provider
   * has no message for.
   */
  maySent: { rows: number; parts: number; billed: number; billedParts: number; neverArrived: number; neverArrivedParts: number };
  provider: { messages: number; unpaid: number; duplicates: number };
  statuses: string[];
}

export async function readSendMoney(database: Database, teamId: number, fake: FakeTwilioMessaging): Promise<SendMoney> {
  const one = async <R>(text: string, values: unknown[]) => (await database.query<R>(text, values)).rows[0]!;
  const b = await one<{ balance: number; free: number }>(
    "SELECT balance::float8 AS balance, free_sms AS free FROM team_balances WHERE team_id = $1",
    [teamId],
  );
  const holds = await one<{ n: number }>("SELECT count(*)::int AS n FROM balance_holds WHERE team_id = $1 AND kind = 'send'", [teamId]);
  const ledger = await one<{ items: number; free: number; charged: number; rows: number }>(
    `SELECT coalesce(sum(items), 0)::int AS items, coalesce(sum(free_items), 0)::int AS free,
        coalesce(-sum(amount), 0)::float8 AS charged, count(*)::int AS rows
     FROM balance_transactions WHERE team_id = $1 AND kind = 'send'`,
    [teamId],
  );
  const { rows } = await database.query<{ sender: string; address: string; state: string; parts: number; billed: boolean }>(
    `SELECT sender, address, state, coalesce(parts, 0) AS parts, cost IS DISTINCT FROM 0 AS billed
     FROM campaign_messages WHERE team_id = $1 AND state = ANY($2::text[])`,
    [teamId, MAY_HAVE_SENT],
  );
  const paid = new Set(rows.map((r) => `${r.sender} ${r.address}`));
  const taken = new Map<string, number>();
  for (const m of fake.messages) {
    const key = `${m.json?.From} ${m.json?.To}`;
    taken.set(key, (taken.get(key) ?? 0) + 1);
  }
  const neverArrived = rows.filter((r) => !taken.has(`${r.sender} ${r.address}`));
  const { rows: statuses } = await database.query<{ status: string }>("SELECT status FROM campaigns WHERE team_id = $1 ORDER BY id", [
    teamId,
  ]);
  return {
    balance: b.balance,
    freeLeft: b.free,
    holds: holds.n,
    ledger,
    maySent: {
      rows: rows.length,
      parts: rows.reduce((a, r) => a + r.parts, 0),
      billed: rows.filter((r) => r.billed).length,
      billedParts: rows.reduce((a, r) => a + (r.billed ? r.parts : 0), 0),
      neverArrived: neverArrived.length,
      neverArrivedParts: neverArrived.reduce((a, r) => a + r.parts, 0),
    },
    provider: {
      messages: fake.messages.length,
      unpaid: [...taken.keys()].filter((k) => !paid.has(k)).length,
      duplicates: [...taken.values()].filter((n) => n > 1).length,
    },
    statuses: statuses.map((s) => s.status),
  };
}

const cents = (x: number) => Math.round(x * 10_000);

export function sendMoneyProblems(
  m: SendMoney,
  given: { money: number; free: number; price: number; lowest: { balance: number; free: number } },
): string[] {
  const problems: string[] = [];
  if (m.holds) problems.push(`${m.holds} holds left`);
  if (m.ledger.items !== m.maySent.billedParts)
    problems.push(`charged ${m.ledger.items} parts for ${m.maySent.billedParts} billed parts of messages that may have been sent`);
  if (m.ledger.free > given.free) problems.push(`${m.ledger.free} free parts used of ${given.free}`);
  if (m.ledger.free !== given.free - m.freeLeft)
    problems.push(`ledger ${m.ledger.free} free parts, the plan's allowance moved by ${given.free - m.freeLeft}`);
  if (cents(m.ledger.charged) !== cents((m.ledger.items - m.ledger.free) * given.price))
    problems.push(`charged $${m.ledger.charged} for ${m.ledger.items - m.ledger.free} paid parts at $${given.price}`);
  if (cents(m.balance) !== cents(given.money - m.ledger.charged))
    problems.push(`balance $${m.balance}, expected $${given.money} − $${m.ledger.charged}`);
  if (m.balance < 0 || given.lowest.balance < 0) problems.push(`balance below zero (lowest $${given.lowest.balance})`);
  if (m.freeLeft < 0 || given.lowest.free < 0) problems.push("free parts below zero");
  if (m.provider.unpaid) problems.push(`${m.provider.unpaid} messages the provider took are not paid for`);
  if (m.provider.duplicates) problems.push(`${m.provider.duplicates} messages taken twice`);
  return problems;
}
