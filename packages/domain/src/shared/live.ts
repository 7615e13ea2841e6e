import type { LiveEventName, LiveEventPayload } from "@leadflow/contracts";

/**
 * Publishes live events from any process. Like enqueueing a job, never await it inside a PGlite transaction: it
 * runs on the same single connection and would wait for the transaction.
 */
export interface LivePublisher {
  /** To one user's private channel. */
  toUser<E extends LiveEventName>(userId: number, event: E, payload: LiveEventPayload<E>): Promise<void>;
  /**
   * To the private channel of every member of the team with the channel open: one message whatever the team's
   * size, for what the whole team sees (lookups, balance), so nobody has to list the team's users first.
   */
  toTeam<E extends LiveEventName>(teamId: number, event: E, payload: LiveEventPayload<E>): Promise<void>;
}
