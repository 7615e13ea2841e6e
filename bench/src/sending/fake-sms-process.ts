import { type ChildProcess, spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { startFakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";
import { onInterrupt } from "../shared/interrupt";

/*
 * B9's provider: the fake Twilio Programmable Messaging (zero latency) in a process of its own, as the real one is
 * across the network, so the arrival times it notes — and the one-second windows counted from them — are on a clock
 * the dispatcher's event loop does not delay. Run as a child (`node --import tsx fake-sms-process.ts`); the parent
 * talks to it over IPC.
 */

export interface RemoteFakeSms {
  accountSid: string;
  authToken: string;
  baseUrls: { twilio_api: string; twilio_messaging: string };
  /**
   * Every send since the last reset: its arrival (epoch ms, read on the fake's clock as it arrived), and what its
   * status callback address names (`m`: a ledger row's id, `answer-…`, `test-…`, `welcome-…`) in the same order; and
   * the answers' statuses.
   */
  arrivals(): Promise<{ times: number[]; refs: string[]; statuses: Record<string, number> }>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

interface Ready {
  accountSid: string;
  authToken: string;
  baseUrls: RemoteFakeSms["baseUrls"];
}

export async function startRemoteFakeSms(): Promise<RemoteFakeSms> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", import.meta.filename], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const forget = onInterrupt(async () => child.kill("SIGKILL"));
  const pending = new Map<number, (r: unknown) => void>();
  let seq = 0;
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`The fake SMS provider exited (${code}) before it was ready`)));
    child.on("message", (m: { id: number; result?: unknown; ready?: Ready }) => {
      if (m.ready) resolve(m.ready);
      else pending.get(m.id)?.(m.result);
    });
  });
  const call = <T>(cmd: string) =>
    new Promise<T>((resolve) => {
      const id = ++seq;
      pending.set(id, (r) => {
        pending.delete(id);
        resolve(r as T);
      });
      child.send({ id, cmd });
    });
  const info = await ready;
  return {
    ...info,
    arrivals: () => call("arrivals"),
    reset: () => call("reset"),
    async close() {
      forget();
      await call<void>("close").catch(() => undefined);
      child.disconnect?.();
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    },
  };
}

// The child: serve the fake, note each request's arrival, answer the parent's commands.
if (process.argv[1] === import.meta.filename && process.send) {
  let times: number[] = [];
  let refs: string[] = [];
  // The fake server reads its clock once per request, as it arrives: that reading is a send's arrival time (reads of
  // the account, a dispatcher's warm-up, are not messages and count for no rate). Epoch milliseconds, so the parent
  // can set them beside the moments it signalled a worker.
  const fake = await startFakeTwilioMessaging({
    now: (req) => {
      const t = performance.now();
      if (req.method === "POST" && req.url.pathname.endsWith("/Messages.json")) {
        times.push(performance.timeOrigin + t);
        const callback = (req.json as Record<string, string> | undefined)?.StatusCallback;
        refs.push(callback ? (new URL(callback).searchParams.get("m") ?? "") : "");
      }
      return t;
    },
  });
  const send = process.send.bind(process);
  process.on("message", async (m: { id: number; cmd: string }) => {
    if (m.cmd === "arrivals") {
      send({ id: m.id, result: { times, refs, statuses: Object.fromEntries(fake.stats.statuses) } });
    } else if (m.cmd === "reset") {
      times = [];
      refs = [];
      fake.stats.reset();
      // Its copies of every request: not needed here, and a long run would keep them all.
      fake.messages.length = 0;
      send({ id: m.id });
    } else if (m.cmd === "close") {
      await fake.close();
      send({ id: m.id }, () => process.exit(0));
    }
  });
  process.on("disconnect", () => process.exit(0));
  send({ ready: { accountSid: fake.accountSid, authToken: fake.authToken, baseUrls: fake.baseUrls } });
}
