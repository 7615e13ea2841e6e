import type { DeliveryStatus } from "../send-types";

/*
 * What the SMS callback parsers share once a provider's status word is mapped to ours: which statuses are failures
 * (they keep the provider's error code and words), and the refinement of a failure by the provider's error code.
 */

/** A failure of some kind (not queued, sent or delivered): the event keeps the provider's error code and words. */
export const isFailure = (status: DeliveryStatus): boolean => status !== "queued" && status !== "sent" && status !== "delivered";

/** A failure made precise by the provider's error code (Twilio's 30003, Telnyx's 40300 …); any other status stays. */
export function byErrorCode(base: DeliveryStatus, code: string | null, table: Record<string, DeliveryStatus>): DeliveryStatus {
  return code && isFailure(base) ? (table[code] ?? base) : base;
}
