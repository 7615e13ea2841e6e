import { isIP } from "node:net";
import { CONSENT_VALUE_MAX, type ConsentField, ConsentFields } from "@leadflow/contracts";
import { parseCaptureTime } from "./capture-time";

/*
 * The consent values of one capture (a file row, an API lead), checked the same way wherever they come from. A bad
 * value is refused on its own and said why; the lead is imported all the same, with the values that were good.
 * Pure, so the import's normalising threads run it.
 */

export type ConsentValues = Partial<Record<ConsentField, string>>;

export interface ConsentProblem {
  field: ConsentField;
  message: string;
}

export interface CheckedConsent {
  /** The values kept (captured_at as an ISO instant); null when none is left. */
  values: ConsentValues | null;
  problems: ConsentProblem[];
}

/** TrustedForm certificates live on its one host, named by 40 hexadecimal characters: any other URL is not one. */
const TRUSTED_FORM_CERT = /^https:\/\/cert\.trustedform\.com\/([0-9a-f]{40})$/i;
/** A Jornaya LeadiD is a 36-character UUID. */
const LEADID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A capture stamped a little ahead of our clock is a clock difference, not a capture from the future. */
const CLOCK_SKEW_MS = 5 * 60_000;

export const ConsentProblemMessages = {
  trusted_form_cert_url:
    "The TrustedForm certificate URL must be https://cert.trustedform.com/ followed by the certificate's 40 hexadecimal characters.",
  leadid_token: "The Jornaya LeadiD must be a 36-character token (8-4-4-4-12 hexadecimal characters).",
  captured_at: "The consent capture time is not a date and time (for example 2024-05-01T14:30:00Z).",
  captured_at_future: "The consent capture time is in the future.",
  ip: "The consent IP is not an IPv4 or IPv6 address.",
  page_url: "The consent page URL must be an http or https address.",
  too_long: `A consent value may not be longer than ${CONSENT_VALUE_MAX} characters.`,
} as const;

type Check = (value: string, now: number) => { value: string } | { problem: string };

const kept = (value: string) => ({ value });
const refused = (problem: string) => ({ problem });

const checks: Partial<Record<ConsentField, Check>> = {
  trusted_form_cert_url: (v) => {
    const m = TRUSTED_FORM_CERT.exec(v);
    return m ? kept(`https://cert.trustedform.com/${m[1]!.toLowerCase()}`) : refused(ConsentProblemMessages.trusted_form_cert_url);
  },
  leadid_token: (v) => (LEADID.test(v) ? kept(v) : refused(ConsentProblemMessages.leadid_token)),
  captured_at: (v, now) => {
    const at = parseCaptureTime(v);
    if (at === null) return refused(ConsentProblemMessages.captured_at);
    if (at > now + CLOCK_SKEW_MS) return refused(ConsentProblemMessages.captured_at_future);
    return kept(new Date(at).toISOString());
  },
  ip: (v) => (isIP(v) ? kept(v) : refused(ConsentProblemMessages.ip)),
  page_url: (v) => (isWebUrl(v) ? kept(v) : refused(ConsentProblemMessages.page_url)),
};

function isWebUrl(v: string): boolean {
  try {
    const url = new URL(v);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Checks each given value (blank ones are absent); `now` is the clock a capture time is compared with. */
export function checkConsent(raw: Partial<Record<ConsentField, string | null | undefined>>, now = Date.now()): CheckedConsent {
  const values: ConsentValues = {};
  const problems: ConsentProblem[] = [];
  for (const field of ConsentFields) {
    const given = raw[field]?.trim();
    if (!given) continue;
    if (given.length > CONSENT_VALUE_MAX) {
      problems.push({ field, message: ConsentProblemMessages.too_long });
      continue;
    }
    const check = checks[field];
    const result = check ? check(given, now) : kept(given);
    if ("value" in result) values[field] = result.value;
    else problems.push({ field, message: result.problem });
  }
  return { values: Object.keys(values).length ? values : null, problems };
}

/** The problems in one line, for a history row. */
export const consentProblemText = (problems: readonly ConsentProblem[]): string | null =>
  problems.length ? problems.map((p) => p.message).join(" ") : null;
