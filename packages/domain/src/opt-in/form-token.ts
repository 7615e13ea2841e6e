import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The sign-up page's form token: the time the page was served, signed with the form's own secret. A post must carry
 * one a GET of this form handed out within the last few hours, so another site cannot post into the form on a
 * visitor's behalf (no cookie is involved: the token is the whole check) and a scripted post must fetch the page first.
 */

const MAX_AGE_MS = 6 * 60 * 60 * 1000;

const sign = (secret: string, issued: string) => createHmac("sha256", secret).update(`signup:${issued}`).digest("base64url");

export function issueFormToken(secret: string, now = Date.now()): string {
  const issued = String(now);
  return `${issued}.${sign(secret, issued)}`;
}

export function checkFormToken(secret: string, token: string | undefined, now = Date.now()): boolean {
  const [issued, sig] = (token ?? "").split(".", 2);
  if (!issued || !sig || !/^\d{10,16}$/.test(issued)) return false;
  const age = now - Number(issued);
  if (age < 0 || age > MAX_AGE_MS) return false;
  const want = Buffer.from(sign(secret, issued));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
