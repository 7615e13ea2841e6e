import type { ConsentField } from "@leadflow/contracts";
import { normalizeName } from "../normalize";

/*
 * Which consent value a file column holds, by the names lead vendors and form tools give those columns. Names are
 * compared with every separator removed ("TrustedForm Cert URL", "xxTrustedFormCertUrl" and
 * "trusted_form_cert_url" are one name), so "LeadiD", which the camel-case split would cut in two, still reads.
 */

const names: Record<ConsentField, string[]> = {
  trusted_form_cert_url: [
    "trustedform",
    "trustedformurl",
    "trustedformcert",
    "trustedformcerturl",
    "trustedformcertificate",
    "trustedformcertificateurl",
    "xxtrustedformcerturl",
    "xxtrustedformtoken",
    "tfcerturl",
  ],
  leadid_token: ["leadid", "leadidtoken", "jornaya", "jornayaleadid", "jornayatoken", "universalleadid", "leadidcode"],
  captured_at: [
    "optindate",
    "optintime",
    "optindatetime",
    "optintimestamp",
    "optinat",
    "consentdate",
    "consenttime",
    "consentdatetime",
    "consenttimestamp",
    "consentcapturedat",
    "capturedat",
    "tcpadate",
    "tcpaconsentdate",
  ],
  page_url: [
    "optinurl",
    "optinpage",
    "optinpageurl",
    "consenturl",
    "consentpageurl",
    "pageurl",
    "landingpage",
    "landingpageurl",
    "sourceurl",
  ],
  ip: ["ip", "ipaddress", "ipaddr", "optinip", "optinipaddress", "consentip", "consentipaddress", "userip"],
  user_agent: ["useragent", "optinuseragent", "consentuseragent", "browseruseragent"],
  language: [
    "consentlanguage",
    "consenttext",
    "tcpalanguage",
    "tcpatext",
    "tcpaconsent",
    "tcpaconsenttext",
    "tcpaconsentlanguage",
    "optinlanguage",
    "optintext",
    "disclosure",
    "disclosuretext",
  ],
  seller: ["seller", "leadseller", "vendor", "leadvendor", "publisher", "supplier"],
  evidence: ["evidence", "consentevidence", "consentproof", "proofofconsent", "optinproof"],
};

const byName = new Map<string, ConsentField>();
for (const [field, list] of Object.entries(names) as [ConsentField, string[]][]) for (const n of list) byName.set(n, field);

const compact = (heading: string) => normalizeName(heading).replace(/ /g, "");

/** The consent value a heading names, or null. */
export function consentFieldOf(heading: string): ConsentField | null {
  return byName.get(compact(heading)) ?? null;
}

/**
 * The consent value to suggest for a column: its heading's, unless the column already matched an attribute of the
 * very same name (a team that keeps "IP Address" as an attribute keeps getting it there).
 */
export function suggestedConsentField(heading: string, matchedAttributeName: string | null): ConsentField | null {
  const field = consentFieldOf(heading);
  if (!field) return null;
  return matchedAttributeName !== null && compact(matchedAttributeName) === compact(heading) ? null : field;
}
