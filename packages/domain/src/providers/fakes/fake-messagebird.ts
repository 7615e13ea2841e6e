import { createHash, createHmac, randomUUID } from "node:crypto";
import type { CallbackRequest } from "../send-types";
import {
  type FakeAnswer,
  type FakeControls,
  type FakeRequest,
  type FakeServerOptions,
  formCallback,
  queryCallback,
  startFakeServer,
} from "./fake-server";

/*
 * MessageBird's REST API on loopback: POST /messages (JSON originator, recipients, body, reference, reportUrl,
 * validity, datacoding → 201 message with recipients.items[].status "sent") and GET /balance; auth by
 * `Authorization: AccessKey {key}` (401 error code 2); errors as `{ errors: [{ code, description, parameter }] }`.
 * An injected HTTP 400 answers code 21 (bad request).
 *
 * `report(url, fields, opts)` builds a status report or inbound forward as MessageBird calls it: GET with the fields
 * appended to `url`'s query (or POST form), signed with a MessageBird-Signature-JWT when a signing key is given.
 */

export interface FakeMessageBirdOptions extends FakeServerOptions {
  accessKey?: string;
  signingKey?: string;
}

export interface FakeMessageBird extends FakeControls {
  accessKey: string;
  signingKey: string;
  baseUrls: { messagebird: string };
  messages: FakeRequest[];
  /** A report or inbound forward to `url`; `signWith` signs a JWT with that key (none: unsigned). */
  report(
    url: string,
    fields: Record<string, string>,
    opts?: { method?: "GET" | "POST"; signWith?: string; claims?: Record<string, unknown> },
  ): CallbackRequest;
}

const birdError = (status: number, code: number, description: string, parameter: string | null = null): FakeAnswer => ({
  status,
  body: { errors: [{ code, description, parameter }] },
});

/** A MessageBird-Signature-JWT for a request to `url` with `body`, as MessageBird signs it (HS256). */
export function messageBirdJwt(signingKey: string, url: string, body: string, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const hash = (s: string) => createHash("sha256").update(s).digest("hex");
  const payload = {
    iss: "MessageBird",
    nbf: now,
    exp: now + 60,
    jti: randomUUID(),
    url_hash: hash(url),
    ...(body ? { payload_hash: hash(body) } : {}),
    ...claims,
  };
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const unsigned = `${enc({ alg: "HS256", typ: "JWT" })}.${enc(payload)}`;
  return `${unsigned}.${createHmac("sha256", signingKey).update(unsigned).digest("base64url")}`;
}

export async function startFakeMessageBird(opts: FakeMessageBirdOptions = {}): Promise<FakeMessageBird> {
  const accessKey = opts.accessKey ?? "live_fakeAccessKey0123456789";
  const signingKey = opts.signingKey ?? "fake-signing-key-0123456789abcdef";
  const messages: FakeRequest[] = [];
  let created = 0;

  const createMessage = (req: FakeRequest): FakeAnswer => {
    messages.push(req);
    const b = req.json ?? {};
    const recipients = Array.isArray(b.recipients) ? b.recipients.map(String) : [];
    if (!b.originator) return birdError(422, 9, "no (correct) originator given", "originator");
    if (recipients.length === 0 || recipients.some((r) => !/^\d{8,15}$/.test(r)))
      return birdError(422, 10, "invalid recipients", "recipients");
    if (typeof b.body !== "string" || !b.body) return birdError(422, 9, "no (correct) body given", "body");
    const id = `e8077d803532c0b5937c639b${String(++created).padStart(8, "0")}`;
    const items = recipients.map((r) => ({
      recipient: Number(r),
      status: "sent",
      statusDatetime: "2026-01-05T15:04:05+00:00",
      messagePartCount: 1,
    }));
    return {
      status: 201,
      body: {
        id,
        href: `https://rest.messagebird.com/messages/${id}`,
        direction: "mt",
        type: "sms",
        originator: b.originator,
        body: b.body,
        reference: b.reference ?? null,
        validity: b.validity ?? null,
        gateway: 10,
        datacoding: b.datacoding ?? "plain",
        createdDatetime: "2026-01-05T15:04:05+00:00",
        recipients: { totalCount: items.length, totalSentCount: items.length, totalDeliveredCount: 0, totalDeliveryFailedCount: 0, items },
      },
    };
  };

  const server = await startFakeServer(
    {
      valueOf: (req) => (req.url.pathname === "/messages" && Array.isArray(req.json?.recipients) ? String(req.json.recipients[0]) : null),
      errorBody: (status) =>
        status === 400
          ? { errors: [{ code: 21, description: "Bad request", parameter: null }] }
          : status === 429
            ? { errors: [{ code: 429, description: "Too many requests", parameter: null }] }
            : { errors: [{ code: 99, description: "Internal error", parameter: null }] },
      handle(req) {
        if (req.headers.authorization !== `AccessKey ${accessKey}`)
          return birdError(401, 2, "Request not allowed (incorrect access_key)", "access_key");
        if (req.method === "POST" && req.url.pathname === "/messages") return createMessage(req);
        if (req.method === "GET" && req.url.pathname === "/balance")
          return { status: 200, body: { payment: "prepaid", type: "euros", amount: 9.2 } };
        return birdError(404, 20, "message not found");
      },
    },
    opts,
  );

  return {
    ...server,
    accessKey,
    signingKey,
    baseUrls: { messagebird: server.url },
    messages,
    report(url, fields, o = {}) {
      const cb = (o.method ?? "GET") === "GET" ? queryCallback(url, fields) : formCallback(url, fields);
      if (o.signWith) cb.headers["messagebird-signature-jwt"] = messageBirdJwt(o.signWith, cb.url, cb.rawBody, o.claims);
      return cb;
    },
  };
}
