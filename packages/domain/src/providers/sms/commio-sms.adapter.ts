import { asRecord, stringField } from "../adapter-params";
import { failedCheck } from "../connection-check";
import type { ProviderResponse } from "../http";
import { type ConnectionCheck, ProviderError } from "../provider-types";
import { providerBaseUrl } from "../provider-urls";
import { redact } from "../redact";
import { notSent, refuse, rejected, sendJson } from "../send-http";
import type { SenderOption, SendOutcome, SmsSendFactory, SmsSendRequest } from "../send-types";
import {
  type CommioAccount,
  commioAccounts,
  commioAuth,
  commioCredentialsProblem,
  commioDids,
  stickyDid,
  tenDigits,
} from "./commio-accounts";
import { parseCommioCallback } from "./commio-callbacks";

/*
 * Commio / thinQ SMS (SMS gateway type `gateway9`; no gateway fields; senders are accounts (name, account_id,
 * api_key = "username:token")): POST https://api.thinq.com/account/{account_id}/product/origination/sms/send with
 * Basic auth and JSON `from_did`, `to_did` (10 digits) and `message` → `{ guid }`. thinQ has no per-message callback
 * URL, no validity period and no idempotency key: delivery confirmations go to the account's "Delivery Confirmation
 * URL" (our signed status URL, set in the thinQ portal) and are matched by the guid.
 */

/** Commio publishes no flat per-message price in its API docs: assumed, see docs/providers.md. */
export const COMMIO_SMS_UNIT_COST = 0.004;

const PROVIDER = "Commio";

type Route = { account: CommioAccount; fromDid: string };

export const commioSmsAdapter: SmsSendFactory = (_params, ctx, opts = {}, senders = {}) => {
  const accounts = commioAccounts(senders);
  const secrets = accounts.flatMap((a) => (a.token ? [a.token] : []));
  // One DID list per account for the adapter's life: a pool send needs it, and it changes only when numbers are bought.
  const lists = new Map<string, Promise<string[]>>();
  const didsOf = (a: CommioAccount, signal?: AbortSignal) => {
    let list = lists.get(a.accountId);
    if (!list) {
      list = commioDids(a, opts, signal);
      list.catch(() => lists.delete(a.accountId));
      lists.set(a.accountId, list);
    }
    return list;
  };

  /** Which account sends and from which DID; an outcome when that cannot be settled (nothing was sent). */
  async function route(req: SmsSendRequest, signal?: AbortSignal): Promise<Route | SendOutcome> {
    const candidates = req.senderKind === "pool" ? accounts.filter((a) => a.accountId === req.from) : accounts;
    if (candidates.length === 0) return refuse("unknown_sender", `${req.from} is not one of this gateway's Commio accounts.`);
    for (const account of candidates) {
      const problem = commioCredentialsProblem(account);
      if (problem) return refuse("configuration", problem);
      // A number sent from the only account needs no list; otherwise the list says whose DID it is.
      if (req.senderKind === "number" && accounts.length === 1) return { account, fromDid: req.from };
      let dids: string[];
      try {
        dids = await didsOf(account, signal);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        return listFailure(error, secrets);
      }
      if (req.senderKind === "pool") {
        const did = stickyDid(dids, req.to);
        return did ? { account, fromDid: did } : refuse("no_numbers", `The Commio account "${account.name}" has no DIDs to send from.`);
      }
      if (dids.includes(req.from)) return { account, fromDid: req.from };
    }
    return refuse("unknown_sender", `${req.from} is not a DID of this gateway's Commio accounts.`);
  }

  return {
    unitCost: COMMIO_SMS_UNIT_COST,
    async send(req, signal) {
      const routed = await route(req, signal);
      if ("kind" in routed) return routed;
      const from = tenDigits(routed.fromDid);
      const to = tenDigits(req.to);
      if (!from || !to) return refuse("unsupported_number", "Commio sends between US and Canadian (+1) numbers only.");
      return sendJson(
        {
          provider: PROVIDER,
          url: `${providerBaseUrl(opts, "commio")}/account/${encodeURIComponent(routed.account.accountId)}/product/origination/sms/send`,
          headers: { Authorization: commioAuth(routed.account) },
          json: { from_did: from, to_did: to, message: req.body },
          secrets,
          signal,
        },
        opts,
        (res) => commioOutcome(res, secrets),
      );
    },
    parseCallback: async (req) => parseCommioCallback(req, ctx, accounts),
    async senderOptions(signal) {
      const options: SenderOption[] = [];
      for (const a of accounts) {
        options.push({ kind: "pool", key: a.accountId, label: a.name === a.accountId ? a.accountId : `${a.name} (${a.accountId})` });
        if (commioCredentialsProblem(a)) continue;
        for (const did of await didsOf(a, signal)) options.push({ kind: "number", key: did, label: `${did} (${a.name})` });
      }
      return options;
    },
    async testConnection(signal): Promise<ConnectionCheck> {
      if (accounts.length === 0) return { ok: false, message: "Add a Commio account (Account ID and Api Key) to this gateway first." };
      let numbers = 0;
      for (const a of accounts) {
        const problem = commioCredentialsProblem(a);
        if (problem) return { ok: false, message: problem };
        try {
          numbers += (await commioDids(a, opts, signal)).length;
        } catch (error) {
          return failedCheck(error, `The Commio username, token or account ID of "${a.name}" is wrong.`, [401, 403, 404]);
        }
      }
      const n = accounts.length;
      return { ok: true, message: `Connected to Commio: ${n} account${n === 1 ? "" : "s"}, ${numbers} DID${numbers === 1 ? "" : "s"}.` };
    },
  };
};

/** A DID list that could not be read before the send: nothing was sent, so a retryable failure is throttled. */
function listFailure(error: unknown, secrets: string[]): SendOutcome {
  const message = redact(error instanceof Error ? error.message : String(error), secrets);
  return error instanceof ProviderError ? notSent(error, message, "list_failed") : { kind: "throttled", retryAfterMs: null, message };
}

function commioOutcome(res: ProviderResponse, secrets: string[]): SendOutcome {
  // thinQ documents no error codes for this call: the HTTP status is the code, its words the message.
  if (res.status >= 400) return rejected(PROVIDER, res, { code: stringField(asRecord(res.json), "code"), secrets });
  const guid = stringField(asRecord(res.json), "guid");
  return guid
    ? { kind: "accepted", providerId: guid }
    : { kind: "unknown", message: `Commio answered HTTP ${res.status} without a guid; the message may have been taken.` };
}
