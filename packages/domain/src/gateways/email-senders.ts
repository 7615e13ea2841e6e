import type { EmailGatewaySenders } from "@leadflow/contracts";
import { emailSendAdapterFor, type ProviderOptions } from "../providers";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import type { DbOrTx } from "../shared/rows";
import { visibleGatewayRow } from "./gateway-rows";
import { loadGatewayForRun } from "./gateway-run";
import { callbackSecretFor } from "./gateway-secrets";

/** Asking the provider for its identities is a read the user waits on: bounded like Test connection. */
const SENDERS_TIMEOUT_MS = 20_000;

/**
 * The addresses and domains an email gateway may send from, as its provider says (SES: the verified identities;
 * the sandbox: its own address and domain). For the campaign and step editors' sender pickers. A provider that
 * cannot be asked gives empty lists and the reason, never an error page.
 */
export async function emailGatewaySenders(
  db: DbOrTx,
  ctx: TeamCtx,
  id: number,
  env: { publicUrl: string; providerOptions?: ProviderOptions },
): Promise<EmailGatewaySenders> {
  await visibleGatewayRow(db, ctx, id);
  const gw = await loadGatewayForRun(db, ctx.teamId, id);
  if (!gw) throw new AppError("gateway_not_found");
  if (gw.kind !== "email") throw new AppError("gateway_not_email");
  const adapter = emailSendAdapterFor(
    gw.adapter,
    { gatewayId: gw.id, publicUrl: env.publicUrl, callbackSecret: await callbackSecretFor(db, gw.id) },
    env.providerOptions ?? {},
  );
  try {
    const options = await adapter.senderOptions(AbortSignal.timeout(SENDERS_TIMEOUT_MS));
    const pick = (kind: "address" | "domain") => options.filter((o) => o.kind === kind).map(({ key, label }) => ({ key, label }));
    return { senders: pick("address"), domains: pick("domain"), error: null };
  } catch (e) {
    const words = e instanceof Error && e.message ? e.message : "The provider could not be reached.";
    return { senders: [], domains: [], error: `The senders could not be loaded: ${words}` };
  }
}
