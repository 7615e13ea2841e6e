import type { GatewaySender } from "@leadflow/contracts";
import { asRecord, stringField } from "../adapter-params";
import { jsonObject, providerRequest } from "../http";
import type { ProviderOptions } from "../provider-types";

/*
 * The account's Flowroute numbers (Numbers v2, GET /v2/numbers), for the sender pickers and for DID groups.
 * Flowroute has no DID groups of its own: a gateway's DID group (senders.did_groups [id, name]) is the set of the
 * account's numbers whose Flowroute alias (Manage → DIDs → alias) equals the group's id or name. A send from a
 * group picks one of them: a number with the recipient's area code when the group has one, else any; among
 * those, the same one for the same recipient (a stable hash), so a lead keeps hearing from one number.
 */

export interface FlowrouteNumber {
  /** 11 digits, as Flowroute writes it (12065550100). */
  value: string;
  alias: string | null;
}

export interface FlowrouteAuth {
  base: string;
  /** The Access Key: identifies the account in the cache key (it is the user name, not the secret). */
  accessKey: string;
  authorization: string;
  secrets: readonly string[];
}

const PAGE = 200;
const MAX_PAGES = 10;
/** How long a listing is reused: a new alias shows up within this long. */
export const FLOWROUTE_NUMBERS_TTL_MS = 5 * 60_000;

const cache = new Map<string, { at: number; numbers: Promise<FlowrouteNumber[]> }>();

async function fetchNumbers(auth: FlowrouteAuth, opts: ProviderOptions): Promise<FlowrouteNumber[]> {
  const out: FlowrouteNumber[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await providerRequest(
      {
        provider: "Flowroute",
        url: `${auth.base}/v2/numbers?limit=${PAGE}&offset=${page * PAGE}`,
        headers: { Authorization: auth.authorization, Accept: "application/vnd.api+json" },
        secrets: auth.secrets,
      },
      opts,
    );
    const data = jsonObject(res, "Flowroute").data;
    const rows = Array.isArray(data) ? data.map(asRecord) : [];
    for (const row of rows) {
      const attrs = asRecord(row.attributes);
      const value = stringField(attrs, "value") ?? stringField(row, "id");
      if (value) out.push({ value: value.replace(/\D/g, ""), alias: stringField(attrs, "alias") });
    }
    if (rows.length < PAGE) break;
  }
  return out;
}

/**
 * The account's numbers, listed at most once per TTL per account (a failed listing is not kept); `fresh` lists
 * them again now and keeps that listing.
 */
export function flowrouteNumbers(
  auth: FlowrouteAuth,
  opts: ProviderOptions,
  signal?: AbortSignal,
  { fresh = false, now = Date.now() }: { fresh?: boolean; now?: number } = {},
): Promise<FlowrouteNumber[]> {
  const key = `${auth.base}\n${auth.accessKey}`;
  const hit = cache.get(key);
  if (!fresh && hit && now - hit.at < FLOWROUTE_NUMBERS_TTL_MS) return abortable(hit.numbers, signal);
  // Shared by every send waiting for it, so no one caller's abort may cancel it (its own timeouts still apply).
  const numbers = fetchNumbers(auth, opts);
  cache.set(key, { at: now, numbers });
  numbers.catch(() => {
    if (cache.get(key)?.numbers === numbers) cache.delete(key);
  });
  return abortable(numbers, signal);
}

/** Stops waiting (not the listing) when the caller aborts. */
function abortable<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Forgets every listing (tests). */
export function clearFlowrouteNumbers(): void {
  cache.clear();
}

const norm = (s: string | null | undefined) => (s ?? "").trim().toLowerCase();

/** The group's numbers: those whose alias is the group's id or its name. */
export function didGroupMembers(numbers: readonly FlowrouteNumber[], groupId: string, groups: readonly GatewaySender[]): FlowrouteNumber[] {
  const name = norm(groups.find((g) => norm(g.id) === norm(groupId))?.name);
  const id = norm(groupId);
  return numbers.filter((n) => {
    const alias = norm(n.alias);
    return alias !== "" && (alias === id || (name !== "" && alias === name));
  });
}

/** FNV-1a: a cheap, stable spread of recipients over a group's numbers. */
function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The number a group sends from to `to` (E.164): same area code first, then a stable pick; null for an empty group. */
export function pickDid(members: readonly FlowrouteNumber[], to: string): string | null {
  if (members.length === 0) return null;
  const toDigits = to.replace(/\D/g, "");
  const npa = toDigits.length === 11 && toDigits.startsWith("1") ? toDigits.slice(1, 4) : null;
  const local = npa ? members.filter((m) => m.value.length === 11 && m.value.slice(1, 4) === npa) : [];
  const pool = (local.length > 0 ? local : members).map((m) => m.value).sort();
  return pool[stableHash(toDigits) % pool.length]!;
}
