import { SES_UNIT_COST, sesSendAdapter } from "./email/ses-send.adapter";
import type { AdapterGateway, ProviderOptions } from "./provider-types";
import { SANDBOX_EMAIL_UNIT_COST, SANDBOX_SMS_UNIT_COST, sandboxEmailSendAdapter, sandboxSmsSendAdapter } from "./sandbox-send.adapters";
import type { EmailSendAdapter, EmailSendFactory, SendContext, SmsSendAdapter, SmsSendFactory } from "./send-types";
import { COMMIO_SMS_UNIT_COST, commioSmsAdapter } from "./sms/commio-sms.adapter";
import { D7_UNIT_COST, d7SendAdapter } from "./sms/d7-sms.adapter";
import { FLOWROUTE_UNIT_COST, flowrouteSendAdapter } from "./sms/flowroute-sms.adapter";
import { GENERIC_HTTP_UNIT_COST, genericHttpSendAdapter } from "./sms/generic-http-sms.adapter";
import { MESSAGEBIRD_SMS_UNIT_COST, messageBirdSmsAdapter } from "./sms/messagebird-sms.adapter";
import { SMSTO_UNIT_COST, smsToSendAdapter } from "./sms/smsto-sms.adapter";
import { TELI_SMS_UNIT_COST, teliSmsAdapter } from "./sms/teli-sms.adapter";
import { TELNYX_SMS_UNIT_COST, telnyxSmsAdapter } from "./sms/telnyx-sms.adapter";
import { TWILIO_SMS_UNIT_COST, twilioSmsAdapter } from "./sms/twilio-sms.adapter";
import { VONAGE_UNIT_COST, vonageSendAdapter } from "./sms/vonage-sms.adapter";

/*
 * Picks the send adapter of a gateway by type. Each adapter module adds its factory to the table below; once every
 * SMS and email type has one, the tables become `satisfies Record<GatewayTypeOf<…>, …>` so a type added to the
 * contract without an adapter is a type error.
 */

const SmsSendFactories: Partial<Record<string, SmsSendFactory>> = {
  gateway1: twilioSmsAdapter,
  gateway7: messageBirdSmsAdapter,
  gateway8: teliSmsAdapter,
  gateway9: commioSmsAdapter,
  gateway10: telnyxSmsAdapter,
  gateway11: vonageSendAdapter,
  gateway12: flowrouteSendAdapter,
  gateway13: smsToSendAdapter,
  // Production callers never pass its fifth argument: the public-host guard runs with real DNS and no loopback.
  gateway14: genericHttpSendAdapter,
  gateway15: d7SendAdapter,
  sandbox: sandboxSmsSendAdapter,
};
const EmailSendFactories: Partial<Record<string, EmailSendFactory>> = {
  aws_ses: sesSendAdapter,
  sandbox: sandboxEmailSendAdapter,
};

/**
 * The list price of one SMS part or one email by gateway type (each adapter's `unitCost`, readable without building
 * an adapter from credentials): the cost shown beside a step's message before anything is sent.
 */
const SmsUnitCosts: Record<string, number> = {
  gateway1: TWILIO_SMS_UNIT_COST,
  gateway7: MESSAGEBIRD_SMS_UNIT_COST,
  gateway8: TELI_SMS_UNIT_COST,
  gateway9: COMMIO_SMS_UNIT_COST,
  gateway10: TELNYX_SMS_UNIT_COST,
  gateway11: VONAGE_UNIT_COST,
  gateway12: FLOWROUTE_UNIT_COST,
  gateway13: SMSTO_UNIT_COST,
  gateway14: GENERIC_HTTP_UNIT_COST,
  gateway15: D7_UNIT_COST,
  sandbox: SANDBOX_SMS_UNIT_COST,
};
const EmailUnitCosts: Record<string, number> = { aws_ses: SES_UNIT_COST, sandbox: SANDBOX_EMAIL_UNIT_COST };

export const sendUnitCost = (kind: "sms" | "email", type: string): number | null => {
  const table = kind === "sms" ? SmsUnitCosts : EmailUnitCosts;
  return Object.hasOwn(table, type) ? (table[type] ?? null) : null;
};

/** Whether a type has a send adapter yet (Test connection answers "not available" for one that has none). */
export const hasSendAdapter = (kind: "sms" | "email", type: string): boolean =>
  Object.hasOwn(kind === "sms" ? SmsSendFactories : EmailSendFactories, type);

export function smsSendAdapterFor(gw: AdapterGateway, ctx: SendContext, opts: ProviderOptions = {}): SmsSendAdapter {
  const factory = Object.hasOwn(SmsSendFactories, gw.type) ? SmsSendFactories[gw.type] : undefined;
  if (!factory) throw new Error(`There is no SMS provider of type "${gw.type}".`);
  return factory(gw.params, ctx, opts, gw.senders);
}

export function emailSendAdapterFor(gw: AdapterGateway, ctx: SendContext, opts: ProviderOptions = {}): EmailSendAdapter {
  const factory = Object.hasOwn(EmailSendFactories, gw.type) ? EmailSendFactories[gw.type] : undefined;
  if (!factory) throw new Error(`There is no email provider of type "${gw.type}".`);
  return factory(gw.params, ctx, opts);
}
