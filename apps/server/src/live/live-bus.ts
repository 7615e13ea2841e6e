import { type LiveEventName, type LiveEventPayload, LiveEvents } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { type LivePublisher, TOKENS_REVOKED_CHANNEL, type TokenRevocation } from "@leadflow/domain";

/** The NOTIFY channel every process publishes live events on. */
export const LIVE_NOTIFY_CHANNEL = "leadflow_live";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_LIVE_NOTIFY_BYTES = 7999;

/** To one user's channel, or to the channels of a team's members. */
export type LiveRecipient = { userId: number; teamId?: never } | { teamId: number; userId?: never };

export type LiveEvent = LiveRecipient & {
  event: LiveEventName;
  /** Already validated against `LiveEvents[event]` by the publisher. */
  payload: unknown;
};

export interface LiveBus {
  /** Validates and publishes through NOTIFY: it reaches sockets served by any process on the same database. */
  publisher: LivePublisher;
  /** LISTENs on the database; only processes that serve sockets need it. Idempotent. */
  start(): Promise<void>;
  /** Called for every event any process publishes (after `start`); returns the unsubscribe function. */
  onEvent(cb: (event: LiveEvent) => void): () => void;
  /** Called for every token revocation any process commits (after `start`). */
  onRevoked(cb: (revocation: TokenRevocation) => void): () => void;
  stop(): Promise<void>;
}

export class LiveEventTooLargeError extends Error {
  constructor(event: string, bytes: number) {
    super(
      `Live event ${event} is ${bytes} bytes once encoded; NOTIFY carries at most ${MAX_LIVE_NOTIFY_BYTES}. Send an id and let the client fetch the rest.`,
    );
  }
}

/** Exactly one of `u` (user id) and `t` (team id). */
interface Wire {
  u?: number;
  t?: number;
  e: LiveEventName;
  p: unknown;
}

export function createLiveBus(database: Database): LiveBus {
  const events = fanOut<LiveEvent>();
  const revocations = fanOut<TokenRevocation>();
  let unlisten: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;

  function receive(raw: string): void {
    const wire = decode(raw);
    if (!wire) return;
    const to = wire.t !== undefined ? { teamId: wire.t } : { userId: wire.u! };
    events.emit({ ...to, event: wire.e, payload: wire.p });
  }
  function receiveRevocation(raw: string): void {
    const revocation = decodeRevocation(raw);
    if (revocation) revocations.emit(revocation);
  }

  async function listen(): Promise<void> {
    const offs: (() => Promise<void>)[] = [];
    try {
      offs.push(await database.listen(LIVE_NOTIFY_CHANNEL, receive));
      offs.push(await database.listen(TOKENS_REVOKED_CHANNEL, receiveRevocation));
    } catch (e) {
      await Promise.all(offs.map((off) => off().catch(() => undefined)));
      throw e;
    }
    unlisten = async () => {
      await Promise.all(offs.map((off) => off()));
    };
  }

  async function publish<E extends LiveEventName>(to: { u: number } | { t: number }, event: E, payload: LiveEventPayload<E>) {
    const id = "u" in to ? to.u : to.t;
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`Live event ${event}: invalid ${"u" in to ? "user" : "team"} id ${id}`);
    const schema = LiveEvents[event];
    if (!schema) throw new Error(`Unknown live event ${String(event)}`);
    const wire: Wire = { ...to, e: event, p: schema.parse(payload) };
    const text = JSON.stringify(wire);
    const bytes = Buffer.byteLength(text, "utf8");
    if (bytes > MAX_LIVE_NOTIFY_BYTES) throw new LiveEventTooLargeError(event, bytes);
    await database.notify(LIVE_NOTIFY_CHANNEL, text);
  }

  const publisher: LivePublisher = {
    toUser: (userId, event, payload) => publish({ u: userId }, event, payload),
    toTeam: (teamId, event, payload) => publish({ t: teamId }, event, payload),
  };

  return {
    publisher,
    start() {
      starting ??= listen().catch((e) => {
        starting = undefined;
        throw e;
      });
      return starting;
    },
    onEvent: events.add,
    onRevoked: revocations.add,
    async stop() {
      await starting?.catch(() => undefined);
      starting = undefined;
      const off = unlisten;
      unlisten = undefined;
      await off?.().catch(() => undefined);
    },
  };
}

function fanOut<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    add(cb: (value: T) => void): () => void {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    emit(value: T): void {
      for (const cb of listeners) {
        try {
          cb(value);
        } catch {
          // One broken subscriber must not starve the others.
        }
      }
    },
  };
}

function decodeRevocation(raw: string): TokenRevocation | undefined {
  try {
    const r = JSON.parse(raw) as Partial<TokenRevocation>;
    const ids = [r.userId, r.first, r.last];
    if (!ids.every(Number.isSafeInteger) || !(r.keep === null || Number.isSafeInteger(r.keep))) return undefined;
    return r as TokenRevocation;
  } catch {
    return undefined;
  }
}

function decode(raw: string): Wire | undefined {
  try {
    const wire = JSON.parse(raw) as Partial<Wire>;
    if ((typeof wire.u === "number") === (typeof wire.t === "number")) return undefined;
    if (typeof wire.e !== "string" || !Object.hasOwn(LiveEvents, wire.e)) return undefined;
    return wire as Wire;
  } catch {
    return undefined;
  }
}
