import { type FakeAnswer, type FakeControls, type FakeRequest, type FakeServerOptions, param, startFakeServer } from "./fake-server";
import { verifySigV4 } from "./sigv4";

/*
 * Amazon SES v2 on loopback, requests checked by their SigV4 signature: GetAccount (GET /v2/email/account),
 * SendEmail (POST /v2/email/outbound-emails) and ListEmailIdentities (POST /v2/email/list-identities, paged). Errors the
 * way the restJson1 protocol carries them (x-amzn-ErrorType header, or `__type` in the body for injected
 * failures, and a { message } body), so the SDK raises the same named exceptions as against AWS.
 */

export interface FakeSesIdentity {
  name: string;
  type: "EMAIL_ADDRESS" | "DOMAIN";
  status?: "SUCCESS" | "PENDING" | "FAILED";
  sendingEnabled?: boolean;
}

export interface FakeSesOptions extends FakeServerOptions {
  accessKeyId?: string;
  secretAccessKey?: string;
  productionAccess?: boolean;
  sendingEnabled?: boolean;
  max24HourSend?: number;
  /** Identities of the account; SendEmail accepts a From address that is one, or is at a verified domain. */
  identities?: FakeSesIdentity[];
  /** Configuration sets that exist; another name is a NotFoundException. */
  configurationSets?: string[];
}

/** One SendEmail the fake accepted: the request body as the SDK serialised it. */
export interface FakeSesSent {
  messageId: string;
  body: Record<string, unknown>;
  headers: FakeRequest["headers"];
}

export interface FakeSes extends FakeControls {
  accessKeyId: string;
  secretAccessKey: string;
  baseUrls: { aws_ses: string };
  /** Accepted SendEmail requests, in order. */
  sent: FakeSesSent[];
  /** The next SendEmail is refused with this SES error (e.g. "AccountSuspendedException", 400). */
  rejectNextSend(type: string, message: string, status?: number): void;
}

export const FAKE_SES_IDENTITIES: FakeSesIdentity[] = [
  { name: "sender@example.com", type: "EMAIL_ADDRESS" },
  { name: "example.com", type: "DOMAIN" },
  { name: "pending@example.org", type: "EMAIL_ADDRESS", status: "PENDING" },
  { name: "paused.example.net", type: "DOMAIN", sendingEnabled: false },
];

const awsError = (status: number, type: string, message: string): FakeAnswer => ({
  status,
  headers: { "x-amzn-ErrorType": `${type}:http://internal.amazon.com/coral/com.amazonaws.sesv2/` },
  body: { message },
});

const ERROR_TYPES: Record<number, string> = {
  400: "BadRequestException",
  429: "TooManyRequestsException",
  500: "InternalFailure",
  503: "ServiceUnavailable",
};

/** The address inside `"Name" <address>` (or the bare address). */
const addressOf = (from: string) => (/<([^>]+)>\s*$/.exec(from)?.[1] ?? from).trim().toLowerCase();

export async function startFakeSes(opts: FakeSesOptions = {}): Promise<FakeSes> {
  const accessKeyId = opts.accessKeyId ?? "AKIAFAKEFAKEFAKEFAKE";
  const secretAccessKey = opts.secretAccessKey ?? "fake/secret/access/key/0000000000000000";
  const identities = opts.identities ?? FAKE_SES_IDENTITIES;
  const configurationSets = new Set(opts.configurationSets ?? ["leadflow-events"]);
  const sent: FakeSesSent[] = [];
  let nextRejection: { type: string; message: string; status: number } | null = null;

  const verified = (address: string) =>
    identities.some(
      (i) => (i.status ?? "SUCCESS") === "SUCCESS" && i.sendingEnabled !== false && (i.name === address || address.endsWith(`@${i.name}`)),
    );

  function sendEmail(req: FakeRequest): FakeAnswer {
    if (nextRejection) {
      const { type, message, status } = nextRejection;
      nextRejection = null;
      return awsError(status, type, message);
    }
    const body = req.json ?? {};
    const from = addressOf(String(body.FromEmailAddress ?? ""));
    if (!verified(from)) {
      return awsError(
        400,
        "MessageRejected",
        `Email address is not verified. The following identities failed the check in region US-EAST-1: ${from}`,
      );
    }
    const set = body.ConfigurationSetName;
    if (typeof set === "string" && !configurationSets.has(set)) {
      return awsError(404, "NotFoundException", `Configuration set <${set}> does not exist.`);
    }
    const messageId = `0100018f${String(sent.length + 1).padStart(8, "0")}-fake-ses-000000`;
    sent.push({ messageId, body, headers: req.headers });
    return { status: 200, body: { MessageId: messageId } };
  }

  function listIdentities(req: FakeRequest): FakeAnswer {
    const size = Number(param(req, "PageSize") ?? 100);
    const start = Number(param(req, "NextToken") ?? 0);
    const page = identities.slice(start, start + size).map((i) => ({
      IdentityType: i.type,
      IdentityName: i.name,
      SendingEnabled: i.sendingEnabled ?? true,
      VerificationStatus: i.status ?? "SUCCESS",
    }));
    const next = start + size < identities.length ? String(start + size) : undefined;
    return { status: 200, body: { EmailIdentities: page, ...(next ? { NextToken: next } : {}) } };
  }

  const server = await startFakeServer(
    {
      valueOf: (req) => {
        const to = (req.json?.Destination as { ToAddresses?: unknown[] } | undefined)?.ToAddresses?.[0];
        return typeof to === "string" ? to : null;
      },
      errorBody: (status) => ({
        __type: ERROR_TYPES[status] ?? `Http${status}Exception`,
        message: status === 429 ? "Maximum sending rate exceeded." : "Internal failure",
      }),
      handle(req) {
        const auth = verifySigV4(req, (id) => (id === accessKeyId ? secretAccessKey : undefined));
        if (auth === "missing") return awsError(403, "MissingAuthenticationTokenException", "Missing Authentication Token");
        if (auth === "unknown_key")
          return awsError(403, "UnrecognizedClientException", "The security token included in the request is invalid.");
        if (auth === "bad_signature") {
          return awsError(
            403,
            "InvalidSignatureException",
            "The request signature we calculated does not match the signature you provided.",
          );
        }
        const route = `${req.method} ${req.url.pathname}`;
        if (route === "POST /v2/email/outbound-emails") return sendEmail(req);
        // The SDK posts the list's paging in a body; the API reference also documents the GET with a query.
        if (route === "POST /v2/email/list-identities" || route === "GET /v2/email/identities") return listIdentities(req);
        if (route !== "GET /v2/email/account") return awsError(404, "NotFoundException", "Not found");
        return {
          status: 200,
          body: {
            DedicatedIpAutoWarmupEnabled: false,
            EnforcementStatus: "HEALTHY",
            ProductionAccessEnabled: opts.productionAccess ?? true,
            SendingEnabled: opts.sendingEnabled ?? true,
            SendQuota: { Max24HourSend: opts.max24HourSend ?? 50000, MaxSendRate: 14, SentLast24Hours: 0 },
          },
        };
      },
    },
    opts,
  );
  return {
    ...server,
    accessKeyId,
    secretAccessKey,
    baseUrls: { aws_ses: server.url },
    sent,
    rejectNextSend(type, message, status = 400) {
      nextRejection = { type, message, status };
    },
  };
}
