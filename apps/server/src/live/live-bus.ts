import { type LiveEventName, type LiveEventPayload, LiveEvents } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import type { LivePublisher } from "@leadflow/domain";

/** The NOTIFY channel every process publishes live events on. */
export const LIVE_NOTIFY_CHANNEL = "leadflow_live";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_LIVE_NOTIFY_BYTES = 7999;

export interface LiveEvent {
  userId: number;
  event: LiveEventName;
  /** Already validated against `LiveEvents[event]` by the publisher. */
  payload: unknown;
}

export interface LiveBus {
  /** Validates and publishes through NOTIFY: it reaches sockets served by any process on the same database. */
  publisher: LivePublisher;
  /** LISTENs on the database; only processes that serve sockets need it. Idempotent. */
  start(): Promise<void>;
  /** Called for every event any process publishes (after `start`); returns the unsubscribe function. */
  onEvent(cb: (event: LiveEvent) => void): () => void;
  stop(): Promise<void>;
}

export class LiveEventTooLargeError extends Error {
  constructor(event: string, bytes: number) {
    super(
      `Live event ${event} is ${bytes} bytes once encoded; NOTIFY carries at most ${MAX_LIVE_NOTIFY_BYTES}. Send an id and let the client fetch the rest.`,
    );
  }
}

interface Wire {
  u: number;
  e: LiveEventName;
  p: unknown;
}

export function createLiveBus(database: Database): LiveBus {
  const listeners = new Set<(event: LiveEvent) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;

  function receive(raw: string): void {
    const wire = decode(raw);
    if (!wire) return;
    const event: LiveEvent = { userId: wire.u, event: wire.e, payload: wire.p };
    for (const cb of listeners) {
      try {
        cb(event);
      } catch {
        // One broken subscriber must not starve the others.
      }
    }
  }

  const publisher: LivePublisher = {
    async toUser<E extends LiveEventName>(userId: number, event: E, payload: LiveEventPayload<E>): Promise<void> {
      if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error(`Live event ${event}: invalid user id ${userId}`);
      const schema = LiveEvents[event];
      if (!schema) throw new Error(`Unknown live event ${String(event)}`);
      const wire: Wire = { u: userId, e: event, p: schema.parse(payload) };
      const text = JSON.stringify(wire);
      const bytes = Buffer.byteLength(text, "utf8");
      if (bytes > MAX_LIVE_NOTIFY_BYTES) throw new LiveEventTooLargeError(event, bytes);
      await database.notify(LIVE_NOTIFY_CHANNEL, text);
    },
  };

  return {
    publisher,
    start() {
      starting ??= database.listen(LIVE_NOTIFY_CHANNEL, receive).then(
        (off) => {
          unlisten = off;
        },
        (e) => {
          starting = undefined;
          throw e;
        },
      );
      return starting;
    },
    onEvent(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    async stop() {
      await starting?.catch(() => undefined);
      starting = undefined;
      const off = unlisten;
      unlisten = undefined;
      await off?.().catch(() => undefined);
    },
  };
}

function decode(raw: string): Wire | undefined {
  try {
    const wire = JSON.parse(raw) as Partial<Wire>;
    if (typeof wire.u !== "number" || typeof wire.e !== "string" || !Object.hasOwn(LiveEvents, wire.e)) return undefined;
    return wire as Wire;
  } catch {
    return undefined;
  }
}
