import { verify, X509Certificate } from "node:crypto";
import { asRecord } from "../adapter-params";

/*
 * Amazon SNS message verification, as AWS documents it ("Verifying the signatures of Amazon SNS messages"): the
 * string to sign is the message's fields in a fixed order, each as `Name\nValue\n`; SignatureVersion 1 signs it
 * with SHA1withRSA, 2 with SHA256withRSA; the public key is the certificate at SigningCertURL, which is trusted only
 * when it comes over https from an SNS host (sns.<region>.amazonaws.com). Certificates are cached by URL.
 */

export interface SnsMessage {
  Type: "Notification" | "SubscriptionConfirmation" | "UnsubscribeConfirmation";
  MessageId: string;
  TopicArn: string;
  Subject?: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: "1" | "2";
  Signature: string;
  SigningCertURL: string;
  SubscribeURL?: string;
  Token?: string;
}

/** Fetches a certificate (PEM) from a URL that already passed the host check. */
export type CertificateFetcher = (url: string) => Promise<string>;

const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/** Whether a URL is https on an SNS host (and, for certificates, a .pem path): nothing else is ever fetched. */
export function isSnsUrl(raw: string | undefined, kind: "certificate" | "subscribe"): boolean {
  if (!raw) return false;
  try {
    const url = new URL(raw);
    if (url.protocol !== "https:" || url.port !== "" || url.username || url.password || !SNS_HOST.test(url.hostname)) return false;
    return kind === "subscribe" || url.pathname.endsWith(".pem");
  } catch {
    return false;
  }
}

const SIGNED_FIELDS: Record<SnsMessage["Type"], readonly (keyof SnsMessage)[]> = {
  Notification: ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"],
  SubscriptionConfirmation: ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"],
  UnsubscribeConfirmation: ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"],
};

/** The bytes SNS signs; `Subject` only when the message has one. */
export function snsStringToSign(msg: SnsMessage): string {
  return SIGNED_FIELDS[msg.Type].flatMap((k) => (msg[k] === undefined ? [] : [`${k}\n${msg[k]}\n`])).join("");
}

/** Certificates by URL; a handful of SNS signing certificates are in use at a time, so the cache stays small. */
class CertificateCache {
  private readonly certs = new Map<string, X509Certificate>();
  constructor(private readonly max = 32) {}

  /** Parses and keeps a certificate for a URL (also how tests seed the certificate of their own signing key). */
  remember(url: string, pem: string): X509Certificate {
    const cert = new X509Certificate(pem);
    if (this.certs.size >= this.max) this.certs.delete(this.certs.keys().next().value as string);
    this.certs.set(url, cert);
    return cert;
  }

  async get(url: string, fetcher: CertificateFetcher): Promise<X509Certificate> {
    return this.certs.get(url) ?? this.remember(url, await fetcher(url));
  }
}

export const snsCertificates = new CertificateCache();

const TYPES = new Set(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"]);

/** The body as an SNS message when every field the signature needs is there, else null. */
export function snsMessageOf(body: unknown): SnsMessage | null {
  const o = asRecord(body);
  const s = (k: string) => (typeof o[k] === "string" ? (o[k] as string) : undefined);
  const type = s("Type");
  if (!type || !TYPES.has(type)) return null;
  const msg = {
    Type: type,
    MessageId: s("MessageId"),
    TopicArn: s("TopicArn"),
    Subject: s("Subject"),
    Message: s("Message"),
    Timestamp: s("Timestamp"),
    SignatureVersion: s("SignatureVersion"),
    Signature: s("Signature"),
    SigningCertURL: s("SigningCertURL"),
    SubscribeURL: s("SubscribeURL"),
    Token: s("Token"),
  };
  const required = ["MessageId", "TopicArn", "Message", "Timestamp", "SignatureVersion", "Signature", "SigningCertURL"] as const;
  if (required.some((k) => msg[k] === undefined)) return null;
  if (type !== "Notification" && (msg.SubscribeURL === undefined || msg.Token === undefined)) return null;
  return msg as SnsMessage;
}

export type SnsVerification = { ok: true; message: SnsMessage } | { ok: false; reason: string };

/** Checks shape, certificate origin and signature; only a message that passes all three is used. */
export async function verifySnsMessage(body: unknown, fetcher: CertificateFetcher): Promise<SnsVerification> {
  const msg = snsMessageOf(body);
  if (!msg) return { ok: false, reason: "The body is not an Amazon SNS message." };
  const algorithm = msg.SignatureVersion === "1" ? "sha1" : msg.SignatureVersion === "2" ? "sha256" : null;
  if (!algorithm) return { ok: false, reason: `Unknown SNS SignatureVersion "${msg.SignatureVersion}".` };
  if (!isSnsUrl(msg.SigningCertURL, "certificate")) return { ok: false, reason: "The signing certificate is not on an Amazon SNS host." };
  let cert: X509Certificate;
  try {
    cert = await snsCertificates.get(msg.SigningCertURL, fetcher);
  } catch (error) {
    // Not the sender's fault for sure, but nothing unverified is stored: SNS retries the delivery later.
    throw new Error(`The SNS signing certificate could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const signature = Buffer.from(msg.Signature, "base64");
  const valid = verify(algorithm, Buffer.from(snsStringToSign(msg), "utf8"), cert.publicKey, signature);
  return valid ? { ok: true, message: msg } : { ok: false, reason: "The SNS signature does not match." };
}

/** The default fetcher: one GET, with a timeout, of a URL that passed `isSnsUrl`. */
export function httpCertificateFetcher(doFetch: typeof fetch = fetch, timeoutMs = 5000): CertificateFetcher {
  return async (url) => {
    const res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return text;
  };
}
