import type { StatusEvent } from "./send-types";

/*
 * What each provider bills for a message, by gateway type: the one table the ledger's costs follow (docs/providers.md,
 * "What a message costs"). A message the provider refused at its API is never billed (every provider below says so,
 * or bills nothing it did not take); what a message the provider took costs depends on its final word, and replies
 * cost what the provider bills for receiving them. The sandbox bills as the provider whose words it reports.
 *
 * Sources, as read when the table was written:
 * - Twilio: "Will I be charged if Twilio encounters an error when sending an SMS?" (support.twilio.com, article
 *   223181728): a message whose status is "failed" did not leave Twilio and is not charged; "sent", "delivered",
 *   "undelivered" were attempted and are. "Failed Message Processing Fees" (article 27502337507483): since 30
 *   September 2024 a failed message costs $0.001 (per message, not per segment), except for the error codes listed
 *   there. "Billing for incoming SMS messages" (article 223181528) and the US SMS price list: a reply is billed per
 *   segment at the outbound price.
 * - Vonage: "Will I be charged for rejected messages?" (api.support.vonage.com, article 204014623): a message accepted
 *   by the platform is charged whatever its delivery status.
 * - Amazon SES: the SES pricing page and FAQ: the bill is per message sent; a bounce or a complaint does not take it
 *   back.
 * - The others (MessageBird, Teli, Commio, Telnyx, Flowroute, SMS.to, D7) publish no rule for failed messages or
 *   replies: a message they took is taken as billed, and so is a reply (assumed: the cost shown is never below the
 *   bill). The generic HTTP interface is ours: a partner's `cost` in its answer is the price, and it is billed.
 */

/** What a message the provider took costs, once its final word is in. */
export type BilledAs = { kind: "parts" } | { kind: "none" } | { kind: "fee"; amount: number };

export interface SendBilling {
  /** Documented by the provider, or assumed where it publishes nothing. */
  basis: "documented" | "assumed";
  /**
   * The provider's own words (`StatusEvent.providerStatus`, else our status) for a message it took but never handed to
   * a carrier: its parts are not billed.
   */
  notHandedOver: readonly string[];
  /** A flat fee per such message instead, unless its error code is one the provider waives the fee for. */
  notHandedOverFee: { amount: number; waivedFor: readonly string[] } | null;
  /** Replies are billed per part at the gateway's price (on the team's own gateway; a platform gateway charges none). */
  inboundBilled: boolean;
}

const TWILIO: SendBilling = {
  basis: "documented",
  notHandedOver: ["failed", "canceled"],
  notHandedOverFee: {
    amount: 0.001,
    // Twilio's internal errors, account suspension and fraud limits, pumping protection, validity expiry,
    // geo-permissions, Meta's WhatsApp limits, and 30008 (whose "undelivered" twin already pays the message).
    waivedFor: [
      "12400",
      "20500",
      "20504",
      "30103",
      "30500",
      "63010",
      "63012",
      "30036",
      "30002",
      "30454",
      "63038",
      "90010",
      "30450",
      "21408",
      "63013",
      "63018",
      "63021",
      "63024",
      "63032",
      "30008",
    ],
  },
  inboundBilled: true,
};

/** Vonage documents its outbound rule only: replies are taken as billed, as for the providers that publish nothing. */
const BILLED_ONCE_TAKEN: SendBilling = { basis: "documented", notHandedOver: [], notHandedOverFee: null, inboundBilled: true };
const ASSUMED: SendBilling = { basis: "assumed", notHandedOver: [], notHandedOverFee: null, inboundBilled: true };
const SES: SendBilling = { basis: "documented", notHandedOver: [], notHandedOverFee: null, inboundBilled: false };

/** The rule per gateway type (`kind:type`). */
export const SendBillingRules = {
  "sms:gateway1": TWILIO,
  "sms:gateway7": ASSUMED,
  "sms:gateway8": ASSUMED,
  "sms:gateway9": ASSUMED,
  "sms:gateway10": ASSUMED,
  "sms:gateway11": BILLED_ONCE_TAKEN,
  "sms:gateway12": ASSUMED,
  "sms:gateway13": ASSUMED,
  "sms:gateway14": BILLED_ONCE_TAKEN,
  "sms:gateway15": ASSUMED,
  "sms:sandbox": TWILIO,
  "email:aws_ses": SES,
  "email:sandbox": SES,
} as const satisfies Record<string, SendBilling>;

/** A type without a rule of its own is billed for everything it takes. */
export function sendBillingOf(kind: string, type: string): SendBilling {
  const key = `${kind}:${type}`;
  return Object.hasOwn(SendBillingRules, key) ? SendBillingRules[key as keyof typeof SendBillingRules] : ASSUMED;
}

/** Whether a message the provider took may still turn out unbilled (its money is held until its final word). */
export const mayGoUnbilled = (billing: SendBilling): boolean => billing.notHandedOver.length > 0;

/** What a message the provider took is billed, given its final word. */
export function chargeOf(billing: SendBilling, event: Pick<StatusEvent, "status" | "providerStatus" | "errorCode">): BilledAs {
  const word = (event.providerStatus ?? event.status).toLowerCase();
  if (!billing.notHandedOver.includes(word)) return { kind: "parts" };
  const fee = billing.notHandedOverFee;
  if (fee && !(event.errorCode && fee.waivedFor.includes(event.errorCode))) return { kind: "fee", amount: fee.amount };
  return { kind: "none" };
}

/**
 * The row's cost under a charge: its parts' price as rendered (or as the provider answered), nothing, or the fee.
 * On a platform gateway the team pays the platform's price per part, so a message not billed by its parts costs the
 * team nothing, fee or not.
 */
export function costUnder(charge: BilledAs, partsCost: number, platform: boolean): number {
  if (charge.kind === "parts") return partsCost;
  if (charge.kind === "fee") return platform ? 0 : charge.amount;
  return 0;
}
