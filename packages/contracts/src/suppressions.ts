/*
 * The team-wide suppression list: an address on it gets no message of any kind from any sender of the team, except
 * the one confirmation of the opt-out that put it there. Each entry keeps why it was written.
 */

export const SuppressionReasons = {
  stop: "Replied STOP",
  fuzzy_stop: "Asked to stop in other words",
  keyword: "Replied an unsubscribe keyword",
  unsubscribe: "Used the unsubscribe link",
  complaint: "Marked the email as spam",
  bounce: "Hard bounce",
  provider_opt_out: "Opted out at the provider",
  manual: "Added by the team",
} as const;
export type SuppressionReason = keyof typeof SuppressionReasons;

/** What a START lifts: the opt-outs replies wrote — never a complaint's, a bounce's, a provider's or a person's. */
export const ReplySuppressionReasons = ["stop", "fuzzy_stop", "keyword"] as const satisfies readonly SuppressionReason[];

/** The entries that mean the person asked to hear no more (the Unsubscribes figures and filters). */
export const UnsubscribeSuppressionReasons = [...ReplySuppressionReasons, "unsubscribe"] as const satisfies readonly SuppressionReason[];
