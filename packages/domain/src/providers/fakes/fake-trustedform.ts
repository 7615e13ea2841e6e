import { basicCredentials, type FakeAnswer, type FakeControls, type FakeServerOptions, startFakeServer } from "./fake-server";

/*
 * TrustedForm's Certificate API v4 on loopback: POST /{40 hex cert id} with `api-version: 4.0`, HTTP basic auth
 * (the password is the API key), JSON { match_lead, retain, insights? }. A wrong key is 401 "Incorrect API key";
 * a missing api-version 400.
 *
 * Default answers by the certificate id's last hex digit, like the sandbox: c → outcome failure, neither the phone
 * nor the email matches; d → 404 "certificate has expired"; e → 404 "certificate not found"; f → outcome error
 * ("failed to retain"); anything else → success, matching whatever phone and email were sent. The id of forty
 * zeros is never a certificate (404).
 */

export interface FakeTrustedFormOptions extends FakeServerOptions {
  apiKey?: string;
}

export interface FakeTrustedForm extends FakeControls {
  apiKey: string;
  baseUrls: { trustedform: string };
  /** The answer for one certificate id. */
  setAnswer(certId: string, answer: FakeAnswer): void;
  /** The request bodies received, per certificate id (what was sent to match and retain). */
  bodies: Map<string, Record<string, unknown>>;
}

/** Certificate URL number `n`, ending in `last`: the digit the fake and the sandbox answer by (0 verified, c mismatch …). */
export const fakeCertUrl = (n: number, last = "0") => `https://cert.trustedform.com/${n.toString(16).padStart(39, "0")}${last}`;

function answerFor(certId: string, body: Record<string, unknown>): FakeAnswer {
  const last = certId.slice(-1);
  if (/^0{40}$/.test(certId) || last === "e") return { status: 404, body: { outcome: "error", reason: "certificate not found" } };
  if (last === "d") return { status: 404, body: { outcome: "error", reason: "certificate has expired" } };
  const lead = (body.match_lead ?? {}) as { phone?: string; email?: string };
  const retain = (body.retain ?? {}) as { reference?: string; vendor?: string };
  const matched = last !== "c";
  const insights = body.insights
    ? {
        properties: {
          page_url: "https://forms.example.com/quote",
          created_at: "2024-05-01T14:30:00Z",
          expires_at: "2024-07-30T14:30:00Z",
        },
      }
    : undefined;
  return {
    status: 200,
    body: {
      outcome: last === "f" ? "error" : matched ? "success" : "failure",
      reason: last === "f" ? "failed to retain certificate" : matched ? null : "none of the provided fingerprints match",
      match_lead: {
        email: lead.email ?? null,
        phone: lead.phone ?? null,
        result: {
          email_match: lead.email ? matched : null,
          phone_match: lead.phone ? matched : null,
          success: matched,
        },
      },
      retain: matched
        ? {
            reference: retain.reference,
            vendor: retain.vendor,
            results: { expires_at: "2029-05-01T14:30:00Z", previously_retained: false },
          }
        : undefined,
      ...(insights ? { insights } : {}),
    },
  };
}

export async function startFakeTrustedForm(opts: FakeTrustedFormOptions = {}): Promise<FakeTrustedForm> {
  const apiKey = opts.apiKey ?? "fake-trustedform-key";
  const answers = new Map<string, FakeAnswer>();
  const bodies = new Map<string, Record<string, unknown>>();
  const certPath = /^\/([0-9a-f]{40})$/;
  const server = await startFakeServer(
    {
      valueOf: (req) => certPath.exec(req.url.pathname)?.[1] ?? null,
      errorBody: (status) => ({ outcome: "error", reason: status === 429 ? "too many requests" : "server error" }),
      handle(req) {
        const certId = certPath.exec(req.url.pathname)?.[1];
        if (req.method !== "POST" || !certId) return { status: 404, body: { outcome: "error", reason: "not found" } };
        if (basicCredentials(req.headers)?.password !== apiKey) return { status: 401, body: { message: "Incorrect API key" } };
        if (req.headers["api-version"] !== "4.0") return { status: 400, body: { message: "api-version 4.0 is required" } };
        const body = req.json ?? {};
        bodies.set(certId, body);
        return answers.get(certId) ?? answerFor(certId, body);
      },
    },
    opts,
  );
  return {
    ...server,
    apiKey,
    baseUrls: { trustedform: server.url },
    setAnswer: (certId, answer) => answers.set(certId, answer),
    bodies,
  };
}
