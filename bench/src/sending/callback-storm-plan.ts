import type { FakeTwilioMessaging } from "@leadflow/domain/providers/fakes/fake-twilio-messaging";
import { twilioStatusOf } from "@leadflow/domain/providers/sms/twilio-sms.callbacks";
import { callbackOutcome } from "@leadflow/domain/sending/outcomes/apply-events.outcomes";
import type { SentMessage } from "./callback-storm-setup";

/*
 * B14's storm, decided before it starts (seeded, so every run posts the same storm): each message's provider story —
 * queued → sent → delivered mostly, some undelivered with the error codes the engine reads (30003/30005 unreachable
 * or unknown handset, 30007 carrier filter), some failed — as Twilio's signed form callbacks; then 10% of them
 * dropped, 20% of the rest posted twice, and the lot shuffled.
 */

/** The provider's last word on a message, and how often. */
export const STORIES = [
  { share: 0.85, path: ["queued", "sent", "delivered"], code: null },
  { share: 0.04, path: ["queued", "sent", "undelivered"], code: "30003" },
  { share: 0.03, path: ["queued", "sent", "undelivered"], code: "30005" },
  { share: 0.04, path: ["queued", "sent", "undelivered"], code: "30007" },
  { share: 0.04, path: ["queued", "failed"], code: null },
] as const;

export const DROPPED = 0.1;
export const DUPLICATED = 0.2;
const SEED = 14;

export interface StormPost {
  /** The message's index in the plan's messages. */
  k: number;
  /** Whether this is the message's final callback (the one its ledger row ends on). */
  final: boolean;
  /** Path and query on the app server (the signed URL's, on the public address). */
  path: string;
  signature: string;
  body: string;
}

export interface PlannedMessage extends SentMessage {
  /** Twilio's final MessageStatus and ErrorCode. */
  status: string;
  code: string | null;
  /** The ledger state that final word maps to (the adapter's status, then the engine's outcome). */
  expected: string;
  /** Whether its final callback is posted (else only reconciliation can tell the ledger). */
  finalPosted: boolean;
}

export interface StormPlan {
  messages: PlannedMessage[];
  posts: StormPost[];
  callbacks: number;
  dropped: number;
  duplicates: number;
}

/** A small seeded generator (mulberry32): the same storm on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The ledger state a Twilio final status and code end in, through the product's own maps. */
export function expectedState(status: string, code: string | null): string {
  const outcome = callbackOutcome(twilioStatusOf(status, code));
  if (!outcome) throw new Error(`Twilio status ${status} (${code}) maps to no ledger state`);
  return outcome.state;
}

export function planStorm(fake: FakeTwilioMessaging, sent: readonly SentMessage[]): StormPlan {
  const rand = random(SEED);
  const posts: StormPost[] = [];
  let callbacks = 0;
  let dropped = 0;
  const messages = sent.map((m, k): PlannedMessage => {
    let r = rand();
    const story = STORIES.find((s) => (r -= s.share) < 0) ?? STORIES[0];
    const status = story.path.at(-1)!;
    let finalPosted = false;
    for (const [i, s] of story.path.entries()) {
      callbacks++;
      if (rand() < DROPPED) {
        dropped++;
        continue;
      }
      const final = i === story.path.length - 1;
      finalPosted ||= final;
      const fields: Record<string, string> = {
        AccountSid: fake.accountSid,
        ApiVersion: "2010-04-01",
        From: m.from,
        To: m.to,
        MessageSid: m.sid,
        SmsSid: m.sid,
        MessageStatus: s,
        SmsStatus: s,
        ...(final && story.code ? { ErrorCode: story.code } : {}),
      };
      const req = fake.callback(m.statusUrl, fields);
      const url = new URL(m.statusUrl);
      posts.push({
        k,
        final,
        path: `${url.pathname}${url.search}`,
        signature: String(req.headers["x-twilio-signature"]),
        body: req.rawBody,
      });
    }
    return { ...m, status, code: story.code, expected: expectedState(status, story.code), finalPosted };
  });
  const duplicates = posts.filter(() => rand() < DUPLICATED);
  const all = [...posts, ...duplicates.map((p) => ({ ...p }))];
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return { messages, posts: all, callbacks, dropped, duplicates: duplicates.length };
}
