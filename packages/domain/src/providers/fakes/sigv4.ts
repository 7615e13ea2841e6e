import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { FakeRequest } from "./fake-server";

/*
 * AWS Signature Version 4 verification for the fake SES server, so a wrong secret fails like it does at AWS
 * instead of only a wrong key id. Follows the published algorithm (canonical request → string to sign → HMAC
 * chain); enough for the SDK's header-signed JSON requests, not presigned URLs.
 */

export type SigV4Check = "ok" | "missing" | "unknown_key" | "bad_signature";

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/;

const sha256 = (data: string) => createHash("sha256").update(data, "utf8").digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

function rfc3986(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

function headerValue(req: FakeRequest, name: string): string {
  const v = req.headers[name];
  const joined = Array.isArray(v) ? v.join(",") : (v ?? "");
  return joined.trim().replace(/\s+/g, " ");
}

export function verifySigV4(req: FakeRequest, secretFor: (accessKeyId: string) => string | undefined): SigV4Check {
  const m = AUTH.exec(String(req.headers.authorization ?? ""));
  if (!m) return "missing";
  const [, keyId, date, region, service, signedHeaders, signature] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const secret = secretFor(keyId);
  if (secret === undefined) return "unknown_key";
  const names = signedHeaders.split(";");
  const canonical = [
    req.method,
    // Non-S3 services sign the path URI-encoded once more, segment by segment.
    req.url.pathname
      .split("/")
      .map((segment) => rfc3986(segment))
      .join("/"),
    canonicalQuery(req.url),
    names.map((n) => `${n}:${headerValue(req, n)}\n`).join(""),
    signedHeaders,
    headerValue(req, "x-amz-content-sha256") || sha256(req.body),
  ].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", headerValue(req, "x-amz-date"), scope, sha256(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), "aws4_request");
  const expected = createHmac("sha256", key).update(toSign, "utf8").digest();
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected) ? "ok" : "bad_signature";
}
