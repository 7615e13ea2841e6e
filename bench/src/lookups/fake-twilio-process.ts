import { type ChildProcess, spawn } from "node:child_process";
import { startFakeTwilio } from "@leadflow/domain/providers/fakes/index";
import { onInterrupt } from "../shared/interrupt";

/*
 * A fake Twilio Lookup in a process of its own, as the real one is across the network: its clock and its
 * one-second windows are not delayed by the runner's event loop, so what it counts is what a provider would see.
 * Run as a child (`node --import tsx fake-twilio-process.ts <rate limit|none>`); the parent talks to it over IPC.
 */

export interface RemoteFakeStats {
  total: number;
  maxPerSecond: number;
  statuses: Record<string, number>;
  /** Values asked about more than once, and the extra requests that made. */
  repeatedValues: number;
  repeatedRequests: number;
  distinctValues: number;
}

export interface RemoteFakeTwilio {
  accountSid: string;
  authToken: string;
  baseUrls: { twilio_lookup: string; twilio_api: string };
  stats(): Promise<RemoteFakeStats>;
  setRateLimit(perSecond: number | null): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

type Reply = { id: number; result?: unknown };

export async function startRemoteFakeTwilio(rateLimitPerSecond: number | null): Promise<RemoteFakeTwilio> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", import.meta.filename, String(rateLimitPerSecond ?? "none")], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const forget = onInterrupt(async () => child.kill("SIGKILL"));
  const pending = new Map<number, (r: unknown) => void>();
  let seq = 0;
  const ready = new Promise<{ accountSid: string; authToken: string; baseUrls: RemoteFakeTwilio["baseUrls"] }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`The fake Twilio process exited (${code}) before it was ready`)));
    child.on("message", (m: Reply & { ready?: { accountSid: string; authToken: string; baseUrls: RemoteFakeTwilio["baseUrls"] } }) => {
      if (m.ready) resolve(m.ready);
      else pending.get(m.id)?.(m.result);
    });
  });
  const call = <T>(cmd: string, arg?: unknown) =>
    new Promise<T>((resolve) => {
      const id = ++seq;
      pending.set(id, (r) => {
        pending.delete(id);
        resolve(r as T);
      });
      child.send({ id, cmd, arg });
    });
  const info = await ready;
  return {
    ...info,
    stats: () => call<RemoteFakeStats>("stats"),
    setRateLimit: (n) => call<void>("setRateLimit", n),
    reset: () => call<void>("reset"),
    async close() {
      forget();
      await call<void>("close").catch(() => undefined);
      child.disconnect?.();
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    },
  };
}

// The child: serve the fake, answer the parent's commands.
if (process.argv[1] === import.meta.filename && process.send) {
  const limit = process.argv[2] === "none" ? null : Number(process.argv[2]);
  const fake = await startFakeTwilio({ rateLimitPerSecond: limit });
  const send = process.send.bind(process);
  process.on("message", async (m: { id: number; cmd: string; arg?: unknown }) => {
    if (m.cmd === "stats") {
      let repeatedValues = 0;
      let repeatedRequests = 0;
      for (const n of fake.stats.perValue.values()) {
        if (n > 1) {
          repeatedValues++;
          repeatedRequests += n - 1;
        }
      }
      const result: RemoteFakeStats = {
        total: fake.stats.total,
        maxPerSecond: fake.stats.maxPerSecond,
        statuses: Object.fromEntries(fake.stats.statuses),
        repeatedValues,
        repeatedRequests,
        distinctValues: fake.stats.perValue.size,
      };
      send({ id: m.id, result });
    } else if (m.cmd === "setRateLimit") {
      fake.setRateLimit(m.arg as number | null);
      send({ id: m.id });
    } else if (m.cmd === "reset") {
      fake.stats.reset();
      send({ id: m.id });
    } else if (m.cmd === "close") {
      await fake.close();
      send({ id: m.id }, () => process.exit(0));
    }
  });
  // The parent went away: so does the fake.
  process.on("disconnect", () => process.exit(0));
  send({ ready: { accountSid: fake.accountSid, authToken: fake.authToken, baseUrls: fake.baseUrls } });
}
