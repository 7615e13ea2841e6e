import type { LiveEventName, LiveEventPayload } from "@leadflow/contracts";

/** Publishes an event to one user's private channel, from any process. */
export interface LivePublisher {
  toUser<E extends LiveEventName>(userId: number, event: E, payload: LiveEventPayload<E>): Promise<void>;
}
