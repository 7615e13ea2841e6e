import { callbackHmac, verifyCallbackHmac } from "../../providers";

/*
 * The open-tracking pixel of an email step with opens on: `{APP_URL}/o/{message id}/{sig}`, where `sig` is the HMAC
 * of the message id with its gateway's callback secret (the secret the unsubscribe link is signed with). Unguessable
 * per message, and it needs no column: the handler reads the message (cached) and checks the signature.
 */

const data = (messageId: number) => `open:${messageId}`;

export function openPixelUrl(publicUrl: string, secret: string, messageId: number): string {
  return `${publicUrl.replace(/\/+$/, "")}/o/${messageId}/${callbackHmac(secret, data(messageId))}`;
}

export function verifyOpenPixel(secret: string, messageId: number, sig: string): boolean {
  return verifyCallbackHmac(secret, data(messageId), sig);
}

/** The transparent 1×1 GIF every pixel answers. */
export const PIXEL_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** The pixel as the last thing of the body (inside `</body>` when there is one); hidden from layout. */
export function withOpenPixel(html: string, url: string): string {
  const img = `<img src="${url}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
  const end = html.search(/<\/body>/i);
  return end === -1 ? html + img : html.slice(0, end) + img + html.slice(end);
}
