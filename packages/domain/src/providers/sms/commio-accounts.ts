import type { GatewaySenders } from "@leadflow/contracts";
import { asRecord, stringField } from "../adapter-params";
import { providerRequest } from "../http";
import type { ProviderOptions } from "../provider-types";
import { providerBaseUrl } from "../provider-urls";

/*
 * Commio (thinQ) gateways keep their credentials per sender row: (name, account_id, api_key). thinQ authenticates
 * with HTTP Basic "{Commio username}:{API token}", and the row has no username column, so the row's Api Key is
 * entered as `username:token` (split at the first colon; tokens are hex). An account is a pool in the routing
 * contract (SenderGroupRoles: named_account → pool): thinQ itself has no pools, so a send to an account picks one of
 * the account's SMS DIDs, the same one for the same recipient every time (sticky), from thinQ's DID list.
 */

export interface CommioAccount {
  name: string;
  accountId: string;
  username: string | null;
  token: string | null;
}

/** Each account row, its credentials split; a row without a usable Api Key keeps nulls (reported when used). */
export function commioAccounts(senders: Partial<GatewaySenders>): CommioAccount[] {
  return (senders.list ?? []).flatMap((row) => {
    if (!row.account_id) return [];
    const key = row.api_key?.trim() ?? "";
    const colon = key.indexOf(":");
    const username = colon > 0 ? key.slice(0, colon) : null;
    const token = colon > 0 && colon < key.length - 1 ? key.slice(colon + 1) : null;
    return [{ name: row.name || row.account_id, accountId: row.account_id, username, token }];
  });
}

export function commioCredentialsProblem(a: CommioAccount): string | null {
  return a.username && a.token
    ? null
    : `The Commio account "${a.name}" needs its Api Key as username:token (your Commio username, a colon, the API token).`;
}

export function commioAuth(a: CommioAccount): string {
  return `Basic ${Buffer.from(`${a.username}:${a.token}`).toString("base64")}`;
}

/** Up to 1,000 DIDs per account: the first page of thinQ's DID search, as E.164. */
export async function commioDids(a: CommioAccount, opts: ProviderOptions, signal?: AbortSignal): Promise<string[]> {
  const url = `${providerBaseUrl(opts, "commio")}/origination/did/search2/did/${encodeURIComponent(a.accountId)}?rows=1000&page=1`;
  const res = await providerRequest(
    { provider: "Commio", url, headers: { Authorization: commioAuth(a), Accept: "application/json" }, secrets: [a.token ?? ""], signal },
    opts,
  );
  const rows = asRecord(res.json).rows;
  const dids = (Array.isArray(rows) ? rows : []).flatMap((r) => {
    const did = stringField(asRecord(r), "id");
    return did ? [toE164(did)] : [];
  });
  return [...new Set(dids)].sort();
}

/** The DID a recipient always gets from an account (FNV-1a of the recipient over the sorted list). */
export function stickyDid(dids: readonly string[], to: string): string | null {
  if (dids.length === 0) return null;
  let h = 0x811c9dc5;
  for (let i = 0; i < to.length; i++) h = Math.imul(h ^ to.charCodeAt(i), 0x01000193) >>> 0;
  return dids[h % dids.length]!;
}

/** thinQ numbers are 10 digits (NANP without the 1) or 11 with it. */
export function toE164(did: string): string {
  const digits = did.replace(/\D/g, "");
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

/** The 10-digit form thinQ's send takes, or null outside +1. */
export function tenDigits(e164: string): string | null {
  const m = /^(?:\+?1)?(\d{10})$/.exec(e164.replace(/[\s()-]/g, ""));
  return m ? m[1]! : null;
}
