import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { isPublicIp, type Resolve } from "../../shared/public-url";

/*
 * The call-time half of gateway14's base_url rule (the save-time half is shared/public-url.ts): before each
 * request the host is resolved (reused for a few seconds) and refused unless every address is public; the request
 * then connects to exactly those addresses (`pinnedFetch`), so a name that re-resolves to 127.0.0.1 between the
 * check and the connect (DNS rebinding) still cannot reach this machine or its network.
 */

export interface PublicHostOptions {
  /** How host names resolve; DNS by default. Tests inject one (never through gateway params). */
  resolve?: Resolve;
  /** Tests only: allow http:// and loopback addresses too, so a fake server on this machine can stand in. */
  allowLoopback?: boolean;
  /** How long a checked resolution is reused, ms. */
  cacheMs?: number;
  now?: () => number;
}

export type HostCheck =
  | { ok: true; addresses: string[] }
  /** `unsafe`: the address may never be called; `unresolved`: the name did not resolve now (try later). */
  | { ok: false; why: "unsafe" | "unresolved"; reason: string };

export const PUBLIC_HOST_CACHE_MS = 30_000;

const dnsResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
const isLoopback = (ip: string) => /^127\./.test(ip) || ip === "::1" || ip === "::ffff:127.0.0.1";

export interface PublicHostGuard {
  check(url: URL): Promise<HostCheck>;
}

export function publicHostGuard(opts: PublicHostOptions = {}): PublicHostGuard {
  const resolve = opts.resolve ?? dnsResolve;
  const cacheMs = opts.cacheMs ?? PUBLIC_HOST_CACHE_MS;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { at: number; addresses: string[] }>();
  const allowed = (ip: string) => isPublicIp(ip) || (opts.allowLoopback === true && isLoopback(ip));

  return {
    async check(url) {
      if (url.protocol !== "https:" && !(opts.allowLoopback && url.protocol === "http:")) {
        return { ok: false, why: "unsafe", reason: "The Base URL must start with https://." };
      }
      if (url.username || url.password)
        return { ok: false, why: "unsafe", reason: "The Base URL must not contain a user name or password." };
      const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
      let addresses: string[];
      let resolved = false;
      const hit = cache.get(host);
      if (isIP(host)) addresses = [host];
      else if (hit && now() - hit.at < cacheMs) addresses = hit.addresses;
      else {
        resolved = true;
        try {
          addresses = await resolve(host);
        } catch {
          return { ok: false, why: "unresolved", reason: `The Base URL's host ${host} does not resolve.` };
        }
        if (addresses.length === 0) return { ok: false, why: "unresolved", reason: `The Base URL's host ${host} does not resolve.` };
      }
      const bad = addresses.find((a) => !allowed(a));
      if (bad) {
        cache.delete(host);
        return { ok: false, why: "unsafe", reason: `The Base URL's host resolves to ${bad}: a local, private or metadata address.` };
      }
      if (resolved) cache.set(host, { at: now(), addresses });
      return { ok: true, addresses };
    },
  };
}

/** A `fetch` whose connections go to `addresses` only (the checked ones), whatever DNS says by then. */
export function pinnedFetch(addresses: readonly string[]): typeof fetch {
  const pinned: LookupFunction = (_host, options, callback) => {
    const list = addresses.map((address) => ({ address, family: isIP(address) }));
    if (options.all) callback(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const headers = Object.fromEntries(new Headers(init.headers));
      const body = typeof init.body === "string" ? init.body : undefined;
      if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(
        url,
        { method: init.method ?? "GET", headers, lookup: pinned, signal: init.signal ?? undefined },
        (res) => {
          const out = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) out.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          const status = res.statusCode ?? 0;
          try {
            const empty = status === 204 || status === 205 || status === 304;
            if (empty) res.resume();
            resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, headers: out }));
          } catch (error) {
            res.destroy();
            reject(new TypeError("fetch failed", { cause: error }));
          }
        },
      );
      // Shaped like fetch's own failures, so send-http classifies the cause's code (ECONNREFUSED …) the same way.
      req.on("error", (error) => reject(new TypeError("fetch failed", { cause: error })));
      req.end(body);
    });
}
