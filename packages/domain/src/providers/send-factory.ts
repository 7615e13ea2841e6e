import type { AdapterGateway, ProviderOptions } from "./provider-types";
import type { EmailSendAdapter, SendContext, SmsSendAdapter } from "./send-types";

/*
 * Picks the send adapter of a gateway by type. Each adapter module adds its factory to the table below; once every
 * SMS and email type has one, the tables become `satisfies Record<GatewayTypeOf<…>, …>` so a type added to the
 * contract without an adapter is a type error.
 */

export type SmsSendFactory = (params: Record<string, string>, ctx: SendContext, opts: ProviderOptions) => SmsSendAdapter;
export type EmailSendFactory = (params: Record<string, string>, ctx: SendContext, opts: ProviderOptions) => EmailSendAdapter;

const SmsSendFactories: Partial<Record<string, SmsSendFactory>> = {};
const EmailSendFactories: Partial<Record<string, EmailSendFactory>> = {};

export function smsSendAdapterFor(gw: AdapterGateway, ctx: SendContext, opts: ProviderOptions = {}): SmsSendAdapter {
  const factory = Object.hasOwn(SmsSendFactories, gw.type) ? SmsSendFactories[gw.type] : undefined;
  if (!factory) throw new Error(`There is no SMS provider of type "${gw.type}".`);
  return factory(gw.params, ctx, opts);
}

export function emailSendAdapterFor(gw: AdapterGateway, ctx: SendContext, opts: ProviderOptions = {}): EmailSendAdapter {
  const factory = Object.hasOwn(EmailSendFactories, gw.type) ? EmailSendFactories[gw.type] : undefined;
  if (!factory) throw new Error(`There is no email provider of type "${gw.type}".`);
  return factory(gw.params, ctx, opts);
}
