import type { Database } from "@leadflow/db";
import type { TeamCtx } from "@leadflow/domain";
import { wakeGateways } from "./dispatch-wake";

/*
 * B9's lane traffic: while a campaign sends, the gateway's other kinds of message arrive as the product writes them —
 * the answers replies earn (`inbound_messages` rows with `answer_state` 'planned', as a STOP or a HELP leaves them:
 * inbound-apply.ts) and test SMS (`campaign_test_sends` rows 'planned' with their sender and body, as test-sends.ts
 * `reserve` writes them) — each followed by a wake of the gateway, as the webhook and the test request send. The
 * gateway's dispatcher sends them in its lane through the same pace as the campaign: at the fake they count in the
 * same seconds. Every second LANE_SHARE of the rate (two answers to a test), and once, mid-way, a burst of BURST
 * answers and BURST_TESTS tests written at once.
 */

/** Lane messages written each second, as a share of the gateway's rate. */
const LANE_SHARE = 0.1;
const BURST = 25;
const BURST_TESTS = 10;
/** The gateway's first number: answers leave from the number the reply came to, tests from the campaign's sender. */
const OWN_NUMBER = "+12015550101";
/** Phones outside the audience and the suppression list (+1999555…): the answers' and tests' recipients. */
const ANSWER_PHONES = "+1646555";
const TEST_PHONES = "+1646556";

export interface LaneFeed {
  answers: number;
  tests: number;
  /** Resolves once its seconds of writes are done. */
  done: Promise<void>;
  /** Stops writing early; resolves once the last write is done. */
  stop(): Promise<void>;
}

export interface LaneStates {
  answers: Record<string, number>;
  tests: Record<string, number>;
}

/**
 * Writes lane messages for the gateway every second for `seconds`, the burst at half of them. Answers STOP
 * confirmations and HELP answers alternately (a confirmation passes a suppressed phone, a HELP answer does not: both
 * to phones nobody suppressed).
 */
export function feedLane(
  database: Database,
  ctx: TeamCtx,
  target: { gatewayId: number; campaignId: number; stepId: number; rate: number },
  seconds: number,
): LaneFeed {
  const perSecond = Math.max(3, Math.round(target.rate * LANE_SHARE));
  const feed = { answers: 0, tests: 0 };
  let stopped = false;
  let seq = 0;
  const write = async (answers: number, tests: number) => {
    if (answers > 0) {
      const first = seq;
      seq += answers;
      await database.query(
        `INSERT INTO inbound_messages (team_id, gateway_id, event_id, from_number, to_number, body, intent, answer_message, answer_state)
         SELECT $1, $2, 'bench-lane-' || ($3 + g), $4 || lpad((($3 + g) % 10000)::text, 4, '0'), $5,
           CASE WHEN g % 2 = 0 THEN 'STOP' ELSE 'HELP' END, CASE WHEN g % 2 = 0 THEN 'stop' ELSE 'help' END,
           CASE WHEN g % 2 = 0 THEN 'Bench: you are unsubscribed and will get no more messages.'
                ELSE 'Bench: reply STOP to opt out. Help at help.example.com' END, 'planned'
         FROM generate_series(1, $6::int) g`,
        [ctx.teamId, target.gatewayId, first, ANSWER_PHONES, OWN_NUMBER, answers],
      );
      feed.answers += answers;
    }
    if (tests > 0) {
      const first = seq;
      seq += tests;
      await database.query(
        `INSERT INTO campaign_test_sends (team_id, campaign_id, step_id, channel, recipient, gateway_id, sender, sender_kind, body, parts)
         SELECT $1, $2, $3, 'sms', $4 || lpad((($5 + g) % 10000)::text, 4, '0'), $6, $7, 'number',
           'Hi ' || lpad((($5 + g) % 10000)::text, 4, '0') || ', spring deals: https://app.leadflow.test/t' || ($5 + g) || ' Reply STOP to opt out', 1
         FROM generate_series(1, $8::int) g`,
        [ctx.teamId, target.campaignId, target.stepId, TEST_PHONES, first, target.gatewayId, OWN_NUMBER, tests],
      );
      feed.tests += tests;
    }
    await wakeGateways(database, [target.gatewayId]);
  };
  const run = (async () => {
    for (let s = 1; s <= seconds && !stopped; s++) {
      await new Promise((r) => setTimeout(r, 1000));
      if (stopped) break;
      const tests = Math.max(1, Math.round(perSecond / 3));
      await write(perSecond - tests, tests);
      if (s === Math.ceil(seconds / 2)) await write(BURST, BURST_TESTS);
    }
  })();
  return {
    get answers() {
      return feed.answers;
    },
    get tests() {
      return feed.tests;
    },
    done: run,
    async stop() {
      stopped = true;
      await run;
    },
  };
}

/** Lane messages of the gateway not yet answered by the provider (planned or on their way). */
export async function laneOpen(database: Database, gatewayId: number): Promise<number> {
  const { rows } = await database.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM inbound_messages WHERE gateway_id = $1 AND answer_state IN ('planned', 'submitting'))::int
          + (SELECT count(*) FROM campaign_test_sends WHERE gateway_id = $1 AND state IN ('planned', 'submitting'))::int AS n`,
    [gatewayId],
  );
  return rows[0]!.n;
}

/** The lane messages' states, by kind. */
export async function laneStates(database: Database, gatewayId: number): Promise<LaneStates> {
  const by = async (sql: string) =>
    Object.fromEntries((await database.query<{ state: string; n: number }>(sql, [gatewayId])).rows.map((r) => [r.state, r.n]));
  return {
    answers: await by(
      "SELECT answer_state AS state, count(*)::int AS n FROM inbound_messages WHERE gateway_id = $1 AND answer_state IS NOT NULL GROUP BY 1",
    ),
    tests: await by("SELECT state, count(*)::int AS n FROM campaign_test_sends WHERE gateway_id = $1 GROUP BY 1"),
  };
}

/** Empties the lane's tables between runs. */
export async function clearLane(database: Database): Promise<void> {
  await database.query("TRUNCATE inbound_messages, campaign_test_sends");
}
