import { performance } from "node:perf_hooks";
import { type FakeTwilioMessaging, startFakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";

/*
 * The provider of the benchmarks whose dispatchers run in a child process (dispatch-child.ts): the fake Twilio
 * Programmable Messaging served by the parent, which also changes the campaigns' statuses — so each request's
 * arrival and each status change are read on one clock (epoch milliseconds; PostgreSQL's timestamps are on the
 * same machine's clock). Every arrival is kept with the HTTP status it was answered.
 */

export interface Arrival {
  /** Epoch milliseconds, read as the request arrived (after its body was read). */
  at: number;
  status: number;
}

export interface ArrivalFake {
  fake: FakeTwilioMessaging;
  /** Arrivals since `from` (an index answered by `mark`). */
  since(from: number): Arrival[];
  mark(): number;
}

export async function startArrivalFake(): Promise<ArrivalFake> {
  const arrivals: Arrival[] = [];
  let fake: FakeTwilioMessaging | undefined;
  const answered = () => [...(fake?.stats.statuses ?? new Map<number, number>())];
  fake = await startFakeTwilioMessaging({
    now: (req) => {
      const t = performance.now();
      // Sends only: reads (a dispatcher's warm-up, reconciliation) are not submissions.
      if (req.method !== "POST" || !req.url.pathname.endsWith("/Messages.json")) return t;
      const arrival: Arrival = { at: performance.timeOrigin + t, status: 0 };
      arrivals.push(arrival);
      // The fake answers synchronously after reading its clock: once this turn ends, the one status count that
      // grew is this request's answer.
      const before = new Map(answered());
      queueMicrotask(() => {
        for (const [status, n] of answered()) if (n > (before.get(status) ?? 0)) arrival.status = status;
      });
      return t;
    },
  });
  return { fake, since: (from) => arrivals.slice(from), mark: () => arrivals.length };
}
