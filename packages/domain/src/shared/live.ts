import type { LiveEventName, LiveEventPayload } from "@leadflow/contracts";

/**
 * Publishes an event to one user's private channel, from any process. Like enqueueing a job, never await it
 * inside a PGlite transaction: it runs on the same single connection and would wait for the transaction.
 */
export interface LivePublisher {
  toUser<E extends LiveEventName>(userId: number, event: E, payload: LiveEventPayload<E>): Promise<void>;
}
