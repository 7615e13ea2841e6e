import type { GatewayKind } from "@leadflow/contracts";

/*
 * What a provider's error code means, for the logs' Error column ("30007 — Carrier filtered the message"). The codes
 * are the ones the adapters store (`campaign_messages.error_code`): Twilio's (the sandbox reports Twilio's), Amazon
 * SES's error names and bounce types (the email sandbox reports SES's), the codes of the generic HTTP interface,
 * and Leadflow's own refusals made before a provider was asked. A code not listed shows as it came, and Error
 * Details keeps the provider's own words either way.
 */

/** Twilio's error and warning codes the SMS adapter and its callbacks meet (twilio.com/docs/api/errors). */
const TWILIO: Readonly<Record<string, string>> = {
  "20003": "Authentication failed",
  "20429": "Too many requests",
  "21211": "Invalid 'To' phone number",
  "21408": "Sending to this region is not enabled",
  "21610": "The recipient replied STOP",
  "21612": "This sender cannot reach the 'To' number",
  "21614": "'To' number is not a mobile number",
  "30001": "Queue overflow",
  "30002": "Account suspended",
  "30003": "Unreachable destination handset",
  "30004": "Message blocked by the recipient or carrier",
  "30005": "Unknown destination handset",
  "30006": "Landline or unreachable carrier",
  "30007": "Carrier filtered the message",
  "30008": "Unknown error",
  "30010": "Message price exceeds the max price",
  "30034": "Sender not registered for A2P 10DLC",
  "30036": "Validity period expired",
  "30450": "Blocked by SMS pumping protection",
};

/** Amazon SES: the SendEmail errors the adapter keeps as codes, and the event types and bounce types of callbacks. */
const SES: Readonly<Record<string, string>> = {
  MessageRejected: "SES refused the message",
  MailFromDomainNotVerifiedException: "The MAIL FROM domain is not verified",
  AccountSuspendedException: "The SES account is suspended",
  SendingPausedException: "Sending is paused for the account",
  BadRequestException: "SES refused the request",
  NotFoundException: "The configuration set does not exist",
  UnrecognizedClientException: "The access key is wrong",
  InvalidSignatureException: "The secret access key is wrong",
  "Permanent:General": "Hard bounce: the address does not accept mail",
  "Permanent:NoEmail": "Hard bounce: the address does not exist",
  "Permanent:Suppressed": "On SES's suppression list",
  "Permanent:OnAccountSuppressionList": "On the account's suppression list",
  "Transient:General": "Soft bounce: the receiving server gave up",
  "Transient:MailboxFull": "Soft bounce: the mailbox is full",
  "Transient:MessageTooLarge": "Soft bounce: the message is too large",
  "Transient:ContentRejected": "Soft bounce: the content was refused",
  "Transient:AttachmentRejected": "Soft bounce: an attachment was refused",
  "Undetermined:Undetermined": "Bounce of an unknown kind",
  Reject: "SES did not send it (a virus was found)",
  RenderingFailure: "The template could not be rendered",
  abuse: "Marked as spam",
  fraud: "Reported as fraud",
  virus: "Reported as carrying a virus",
  other: "Complaint of another kind",
};

/** The generic HTTP interface's codes (docs/providers.md) and Leadflow's own, whatever the gateway. */
const GENERIC: Readonly<Record<string, string>> = {
  opted_out: "The recipient opted out at the provider",
  invalid_number: "The number is not valid",
  invalid_sender: "The sender is not valid",
  insufficient_funds: "The provider's balance is too low",
  content_rejected: "The provider refused the content",
  invalid_request: "The provider refused the request",
  unauthorized: "The provider refused the credentials",
  refused: "The provider refused the message",
  no_sender: "No sender to send it from",
  channel: "The gateway cannot send this kind of message",
  configuration: "The integration is not set up completely",
  unsafe_base_url: "The integration's address is not a public host",
  pool_unsupported: "The provider has no sender pools",
  unsupported_number: "The provider sends to North American numbers only",
  empty_did_group: "The DID group has no numbers",
  no_numbers: "The account has no numbers",
  InvalidMessageId: "The message id cannot be tagged",
  "400": "The provider refused the request (HTTP 400)",
  "401": "The provider refused the credentials (HTTP 401)",
  "403": "The provider refused the request (HTTP 403)",
  "404": "The provider does not know the address (HTTP 404)",
  "422": "The provider refused a field (HTTP 422)",
};

/** Each gateway type's own codes; the generic ones apply to every type. */
const ByType: Partial<Record<`${GatewayKind}:${string}`, Readonly<Record<string, string>>>> = {
  "sms:gateway1": TWILIO,
  "sms:sandbox": TWILIO,
  "email:aws_ses": SES,
  "email:sandbox": SES,
};

/** What `code` means for a gateway of this kind and type; null when the code is not a known one. */
export function providerErrorMeaning(kind: GatewayKind, type: string | null, code: string | null): string | null {
  if (!code) return null;
  const own = type ? ByType[`${kind}:${type}`] : undefined;
  const meaning = (own && Object.hasOwn(own, code) ? own[code] : undefined) ?? (Object.hasOwn(GENERIC, code) ? GENERIC[code] : undefined);
  return meaning ?? null;
}

/** The Error column: "30007 — Carrier filtered the message"; a code not known with `fallback` (the reason's words), or alone. */
export function providerErrorTitle(kind: GatewayKind, type: string | null, code: string | null, fallback: string | null): string | null {
  if (!code) return fallback;
  const meaning = providerErrorMeaning(kind, type, code) ?? fallback;
  return meaning ? `${code} — ${meaning}` : code;
}
