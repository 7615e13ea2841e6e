import type { FakeSes, FakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";

/*
 * F15's provider faults, injected into the fakes at random moments: the next few requests to Twilio or SES answered
 * 500 or 503 (the message may or may not have been taken, as far as the sender can tell: `unknown`), 429 (throttled:
 * sent later), left hanging past the send timeout, or their connection reset after the request was read.
 */

const KINDS = ["500", "503", "429", "hang", "reset"] as const;
type Kind = (typeof KINDS)[number];
/** Requests each injection affects: 1 to this many. */
const MOST_REQUESTS = 3;

export interface FaultFigures {
  injected: number;
  /** Requests the faults were set for, and injections by kind. */
  requests: number;
  byKind: Record<string, number>;
}

export function chaosFaults(fakes: { twilio: FakeTwilioMessaging; ses: FakeSes }, random: () => number = Math.random) {
  const figures: FaultFigures = { injected: 0, requests: 0, byKind: {} };
  return {
    figures,
    inject(): void {
      const kind: Kind = KINDS[Math.floor(random() * KINDS.length)]!;
      const fake = random() < 0.5 ? fakes.twilio : fakes.ses;
      const n = 1 + Math.floor(random() * MOST_REQUESTS);
      if (kind === "429") fake.rateLimitNext(n, 1);
      else if (kind === "hang") fake.hangNext(n);
      else if (kind === "reset") fake.resetNext(n);
      else fake.failNext(n, Number(kind));
      figures.injected++;
      figures.requests += n;
      const key = `${fake === fakes.twilio ? "Twilio" : "SES"} ${kind}`;
      figures.byKind[key] = (figures.byKind[key] ?? 0) + 1;
    },
  };
}
