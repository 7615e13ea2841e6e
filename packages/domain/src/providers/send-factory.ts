import { sesSendAdapter } from "./email/ses-send.adapter";
import type { AdapterGateway, ProviderOptions } from "./provider-types";
import { sandboxEmailSendAdapter, sandboxSmsSendAdapter } from "./sandbox-send.adapters";
import type { EmailSendAdapter, EmailSendFactory, SendContext, SmsSendAdapter, SmsSendFactory } from "./send-types";
import { commioSmsAdapter } from "./sms/commio-sms.adapter";
import { d7SendAdapter } from "./sms/d7-sms.adapter";
import { flowrouteSendAdapter } from "./sms/flowroute-sms.adapter";
import { genericHttpSendAdapter } from "./sms/generic-http-sms.adapter";
import { messageBirdSmsAdapter } from "./sms/messagebird-sms.adapter";
import { smsToSendAdapter } from "./sms/smsto-sms.adapter";
import { teliSmsAdapter } from "./sms/teli-sms.adapter";
import { telnyxSmsAdapter } from "./sms/telnyx-sms.adapter";
import { twilioSmsAdapter } from "./sms/twilio-sms.adapter";
import { vonageSendAdapter } from "./sms/vonage-sms.adapter";

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
