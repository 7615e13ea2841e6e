import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** The largest multiple of 62 under 256: bytes from it up are skipped, so every character is equally likely. */
const UNBIASED = 248;
/** 24 base62 characters: about 143 bits, far past guessing, and short enough for a URL a partner pastes. */
export const POSTBACK_TOKEN_LENGTH = 24;

/** The postback URL's token: public in the URL, unguessable, base62 so no partner's URL encoding touches it. */
export function newPostbackToken(length = POSTBACK_TOKEN_LENGTH): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** The HMAC key partners sign with: 32 random bytes, hex. The key is this text itself, as shown. */
export function newPostbackSecret(): string {
  return randomBytes(32).toString("hex");
}

/**
 * What a postback signs: `click_id + "." + amount`, exactly as they arrive in the URL; with a transaction id (several
 * conversions of one click) `+ "." + transaction_id` too, so a signed call cannot be replayed under other ids.
 */
const signed = (clickId: string, amount: string, transactionId?: string | null) =>
  transactionId ? `${clickId}.${amount}.${transactionId}` : `${clickId}.${amount}`;

/** `hex(HMAC-SHA256(secret, click_id + "." + amount [+ "." + transaction_id]))`. */
export function signPostback(secret: string, clickId: string, amount: string, transactionId?: string | null): string {
  return createHmac("sha256", secret)
    .update(signed(clickId, amount, transactionId), "utf8")
    .digest("hex");
}

const SIGNATURE = /^[0-9a-fA-F]{64}$/;

/**
 * Whether `sig` signs this click id and amount with the tracking's secret. The comparison takes the same time
 * wherever the first wrong byte is, so a caller cannot learn the signature byte by byte; a missing or malformed
 * signature is simply false (signing is required).
 */
export function verifyPostbackSignature(
  secret: string,
  clickId: string,
  amount: string,
  sig: string | null | undefined,
  transactionId?: string | null,
): boolean {
  if (typeof sig !== "string" || !SIGNATURE.test(sig)) return false;
  const expected = createHmac("sha256", secret)
    .update(signed(clickId, amount, transactionId), "utf8")
    .digest();
  return timingSafeEqual(expected, Buffer.from(sig, "hex"));
}
