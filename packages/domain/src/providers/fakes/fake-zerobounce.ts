import { type FakeControls, type FakeServerOptions, param, startFakeServer } from "./fake-server";

/*
 * ZeroBounce v2 on loopback: GET /v2/validate?api_key=&email=&ip_address= and GET /v2/getcredits?api_key=.
 * As the real API, a wrong key is a 200: { error: "Invalid API key or your account ran out of credits" } from
 * validate, { Credits: "-1" } from getcredits.
 *
 * Default answers by the address: no "@" invalid/failed_syntax_check; local part with "invalid"
 * invalid/mailbox_not_found, "catchall" catch-all, "unknown" unknown/mail_server_did_not_respond, "spamtrap"
 * spamtrap, "abuse" abuse, "role" do_not_mail/role_based; domain mailinator.com do_not_mail/disposable; else valid.
 */

export interface FakeZeroBounceOptions extends FakeServerOptions {
  apiKey?: string;
  credits?: number;
}

export interface FakeZeroBounce extends FakeControls {
  apiKey: string;
  baseUrls: { zerobounce: string };
  setAnswer(email: string, status: string, subStatus?: string): void;
}

function statusFor(email: string): [string, string] {
  const at = email.lastIndexOf("@");
  if (at < 1) return ["invalid", "failed_syntax_check"];
  const local = email.slice(0, at).toLowerCase();
  if (local.includes("invalid")) return ["invalid", "mailbox_not_found"];
  if (local.includes("catchall")) return ["catch-all", ""];
  if (local.includes("unknown")) return ["unknown", "mail_server_did_not_respond"];
  if (local.includes("spamtrap")) return ["spamtrap", ""];
  if (local.includes("abuse")) return ["abuse", ""];
  if (local.includes("role")) return ["do_not_mail", "role_based"];
  if (email.slice(at + 1).toLowerCase() === "mailinator.com") return ["do_not_mail", "disposable"];
  return ["valid", ""];
}

export async function startFakeZeroBounce(opts: FakeZeroBounceOptions = {}): Promise<FakeZeroBounce> {
  const apiKey = opts.apiKey ?? "fakezerobouncekey0000000000000000";
  const answers = new Map<string, [string, string]>();
  const server = await startFakeServer(
    {
      valueOf: (req) => param(req, "email"),
      errorBody: (status) => ({ error: status === 429 ? "Too many requests" : "Internal server error" }),
      handle(req) {
        const key = param(req, "api_key");
        if (req.url.pathname === "/v2/getcredits")
          return { status: 200, body: { Credits: key === apiKey ? String(opts.credits ?? 2375323) : "-1" } };
        if (req.url.pathname !== "/v2/validate") return { status: 404, body: { error: "Not found" } };
        if (key !== apiKey) return { status: 200, body: { error: "Invalid API key or your account ran out of credits" } };
        const email = param(req, "email");
        if (!email) return { status: 400, body: { error: "Missing parameter: email" } };
        const [status, sub_status] = answers.get(email) ?? statusFor(email);
        const at = email.lastIndexOf("@");
        return {
          status: 200,
          body: {
            address: email,
            status,
            sub_status,
            free_email: false,
            did_you_mean: null,
            account: at > 0 ? email.slice(0, at) : email,
            domain: at > 0 ? email.slice(at + 1) : "",
            mx_found: status === "valid" ? "true" : "false",
            processed_at: "2024-01-01 00:00:00.000",
          },
        };
      },
    },
    opts,
  );
  return {
    ...server,
    apiKey,
    baseUrls: { zerobounce: server.url },
    setAnswer: (email, status, subStatus = "") => answers.set(email, [status, subStatus]),
  };
}
