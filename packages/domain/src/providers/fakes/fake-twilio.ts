import { type FakeControls, type FakeServerOptions, lastDigits, startFakeServer } from "./fake-server";
import { FAKE_TWILIO_ACCOUNT_SID, FAKE_TWILIO_AUTH_TOKEN, twilioAccount, twilioAuthFailure, twilioNotFound } from "./twilio-api";

/*
 * Twilio on loopback: Lookup v2 (GET /v2/PhoneNumbers/{number}?Fields=line_type_intelligence) and the account
 * fetch (GET /2010-04-01/Accounts/{sid}.json), both behind HTTP basic auth, errors in Twilio's JSON shape.
 * Serve it as both `twilio_lookup` and `twilio_api` (see `baseUrls`).
 *
 * Default answers by the number's last digit: 0–6 mobile, 7 landline, 8 nonFixedVoip, 9 invalid; `setAnswer`
 * replaces the answer for one number.
 */

export interface FakeTwilioOptions extends FakeServerOptions {
  accountSid?: string;
  authToken?: string;
  /** The account's status in the account fetch (active, suspended, closed). */
  accountStatus?: string;
}

export interface FakeTwilio extends FakeControls {
  accountSid: string;
  authToken: string;
  /** ProviderOptions.baseUrls entries pointing at this fake. */
  baseUrls: { twilio_lookup: string; twilio_api: string };
  /** The JSON body answered for one number (E.164). */
  setAnswer(phone: string, body: Record<string, unknown>): void;
}

export function twilioLookupBody(phone: string, type: string | null, carrier: string | null): Record<string, unknown> {
  return {
    calling_country_code: "1",
    country_code: "US",
    phone_number: phone,
    national_format: phone,
    valid: true,
    validation_errors: [],
    line_type_intelligence: type
      ? { carrier_name: carrier, type, error_code: null, mobile_country_code: "310", mobile_network_code: "260" }
      : null,
    url: `https://lookups.twilio.com/v2/PhoneNumbers/${phone}`,
  };
}

function defaultAnswer(phone: string): Record<string, unknown> {
  const digit = lastDigits(phone, 1);
  if (digit === "9") return { ...twilioLookupBody(phone, null, null), valid: false, validation_errors: ["INVALID_BUT_POSSIBLE"] };
  if (digit === "7") return twilioLookupBody(phone, "landline", "Fake Telco Landline");
  if (digit === "8") return twilioLookupBody(phone, "nonFixedVoip", "Fake VoIP");
  return twilioLookupBody(phone, "mobile", "Fake Wireless");
}

export async function startFakeTwilio(opts: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const accountSid = opts.accountSid ?? FAKE_TWILIO_ACCOUNT_SID;
  const authToken = opts.authToken ?? FAKE_TWILIO_AUTH_TOKEN;
  const answers = new Map<string, Record<string, unknown>>();
  const lookupPath = /^\/v2\/PhoneNumbers\/([^/]+)$/;
  const accountPath = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/;

  const server = await startFakeServer(
    {
      valueOf: (req) => {
        const m = lookupPath.exec(req.url.pathname);
        return m ? decodeURIComponent(m[1]!) : null;
      },
      errorBody: (status) =>
        status === 429
          ? { code: 20429, message: "Too Many Requests", status }
          : { code: 20000 + status, message: status >= 500 ? "Internal Server Error" : "Bad Request", status },
      handle(req) {
        const denied = twilioAuthFailure(req, accountSid, authToken);
        if (denied) return denied;
        const lookup = lookupPath.exec(req.url.pathname);
        if (req.method === "GET" && lookup) {
          const phone = decodeURIComponent(lookup[1]!);
          if (req.url.searchParams.get("Fields") !== "line_type_intelligence")
            return { status: 200, body: { ...defaultAnswer(phone), line_type_intelligence: null } };
          return { status: 200, body: answers.get(phone) ?? defaultAnswer(phone) };
        }
        const account = accountPath.exec(req.url.pathname);
        if (req.method === "GET" && account) {
          return decodeURIComponent(account[1]!) === accountSid ? twilioAccount(accountSid, opts.accountStatus) : twilioNotFound();
        }
        return twilioNotFound();
      },
    },
    opts,
  );
  return {
    ...server,
    accountSid,
    authToken,
    baseUrls: { twilio_lookup: server.url, twilio_api: server.url },
    setAnswer: (phone, body) => answers.set(phone, body),
  };
}
