import { Agent, request } from "node:http";
import type { FakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";
import { random, STORIES } from "./callback-storm-plan";

/*
 * F16 (sends): the provider's status callbacks, as Twilio posts them for the messages it took — without them a
 * platform gateway's money stays held, since Twilio bills nothing for a message it took but never handed to a carrier
 * ("failed") and each hold waits for its rows' final words (charges.ts). Every message the fake took gets B14's story
 * (callback-storm-plan.ts: mostly queued → sent → delivered, some undelivered, some failed), each status signed with
 * the gateway's token and posted over HTTP to the app's hooks route at the StatusCallback URL the dispatcher gave,
 * 0.2–1.5 s after the message arrived and in no fixed order; 20% of the final callbacks are posted twice. The fake's
 * message API is told the same final status, so reconciliation reads what the callbacks said.
 */

const DUPLICATED = 0.2;
const FIRST_AFTER_MS = 200;
const SPREAD_MS = 1300;
const POLL_MS = 100;
const SEED = 16;

export interface CallbackFigures {
  messages: number;
  posts: number;
  duplicates: number;
  notOk: number;
  finals: Record<string, number>;
}

export interface ProviderCallbacks {
  /** Posts what is still to come for the messages taken so far, waits for every answer and stops. */
  stop(): Promise<CallbackFigures>;
}

/** `hooksUrl`: where the app server listens (the StatusCallback URLs name its public address, signed as such). */
export function startProviderCallbacks(fake: FakeTwilioMessaging, hooksUrl: string): ProviderCallbacks {
  const rand = random(SEED);
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const figures: CallbackFigures = { messages: 0, posts: 0, duplicates: 0, notOk: 0, finals: {} };
  const pending = new Set<Promise<void>>();
  let seen = 0;
  let created = 0;

  const post = (statusUrl: string, fields: Record<string, string>) => {
    const signed = fake.callback(statusUrl, fields);
    const url = new URL(statusUrl);
    const p = new Promise<void>((resolve) => {
      const req = request(
        new URL(`${url.pathname}${url.search}`, hooksUrl),
        {
          method: "POST",
          agent,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(signed.rawBody),
            "x-twilio-signature": String(signed.headers["x-twilio-signature"]),
            "user-agent": "TwilioProxy/1.1",
          },
        },
        (res) => {
          if (res.statusCode !== 200) figures.notOk++;
          res.resume();
          res.on("end", resolve);
        },
      );
      req.on("error", () => {
        figures.notOk++;
        resolve();
      });
      req.end(signed.rawBody);
    });
    figures.posts++;
    track(p);
  };
  const track = (p: Promise<void>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  const later = (ms: number, fn: () => void) => track(new Promise<void>((r) => setTimeout(() => r(fn()), ms)));

  const take = () => {
    for (; seen < fake.messages.length; seen++) {
      const f = (fake.messages[seen]!.json ?? {}) as Record<string, string>;
      // The fake numbers the messages it creates in order; a request it refused created none.
      if (!f.To || !f.Body || !(f.From || f.MessagingServiceSid) || fake.optedOut.has(f.To)) continue;
      const sid = `SM${(++created).toString(16).padStart(32, "0")}`;
      if (!f.StatusCallback) continue;
      let r = rand();
      const story = STORIES.find((s) => (r -= s.share) < 0) ?? STORIES[0];
      const final = story.path.at(-1)!;
      fake.setStatus(sid, final, story.code);
      figures.messages++;
      figures.finals[final] = (figures.finals[final] ?? 0) + 1;
      for (const [i, status] of story.path.entries()) {
        const fields: Record<string, string> = {
          AccountSid: fake.accountSid,
          ApiVersion: "2010-04-01",
          From: f.From ?? "",
          To: f.To,
          MessageSid: sid,
          SmsSid: sid,
          MessageStatus: status,
          SmsStatus: status,
          ...(i === story.path.length - 1 && story.code ? { ErrorCode: story.code } : {}),
        };
        const at = FIRST_AFTER_MS + rand() * SPREAD_MS;
        later(at, () => post(f.StatusCallback!, fields));
        if (i === story.path.length - 1 && rand() < DUPLICATED) {
          figures.duplicates++;
          later(at + rand() * SPREAD_MS, () => post(f.StatusCallback!, fields));
        }
      }
    }
  };
  const timer = setInterval(take, POLL_MS);

  return {
    async stop() {
      clearInterval(timer);
      take();
      while (pending.size) await Promise.all([...pending]);
      agent.destroy();
      return figures;
    },
  };
}
