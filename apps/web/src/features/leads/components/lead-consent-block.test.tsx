import type { ConsentPhone, ConsentRecord, LeadConsent } from "@leadflow/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { leadConsentQuery } from "../api/leads.api";
import { LeadConsentBlock } from "./lead-consent-block";

const record = (over: Partial<ConsentRecord> = {}): ConsentRecord => ({
  id: 1,
  captured_at: "2026-03-01T14:30:00Z",
  page_url: "https://quotes.example.com/form",
  ip: "203.0.113.7",
  user_agent: "Mozilla/5.0",
  language: "I agree to receive texts.",
  seller: "Acme Leads",
  trusted_form_cert_url: "https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567",
  leadid_token: null,
  evidence: null,
  origin: "import",
  import_id: 3,
  certificate_status: null,
  certificate_named: true,
  certificate_checked_at: null,
  certificate_details: null,
  is_proof: false,
  created_at: "2026-03-01T15:00:00Z",
  ...over,
});
const phone: ConsentPhone = {
  phone: "+14155550101",
  status: 1,
  status_label: "Mobile",
  dnc_code: null,
  dnc_message: null,
  dnc_checked_at: null,
  dnc_stale: true,
  rnd_result: "not_reassigned",
  rnd_since: "2026-03-01",
  rnd_checked_at: "2026-03-02T09:00:00Z",
};

function render(consent: LeadConsent): string {
  const qc = new QueryClient();
  qc.setQueryData(leadConsentQuery(5).queryKey, consent);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <LeadConsentBlock leadId={5} onDownload={() => undefined} />
    </QueryClientProvider>,
  );
}
const none = { ok: false, reason: "no_consent", label: "No consent record" };

describe("LeadConsentBlock", () => {
  it("says so when the lead has no consent record, and still offers the compliance file", () => {
    const html = render({ records: [], phones: [], proof: none, dnc_max_age_days: 31 });
    expect(html).toContain("No consent record: this lead was imported without proof of consent.");
    expect(html).toContain("Download compliance file");
  });

  it("shows a record's facts, its certificate link and that it is not checked yet", () => {
    const html = render({
      records: [record()],
      phones: [phone],
      proof: { ok: false, reason: "certificate_pending", label: "Certificate not checked yet" },
      dnc_max_age_days: 31,
    });
    for (const text of ["203.0.113.7", "Mozilla/5.0", "I agree to receive texts.", "Acme Leads", "Not checked yet", "Latest"])
      expect(html).toContain(text);
    expect(html).toContain('href="https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567"');
    expect(html).toContain("No consent proof: Certificate not checked yet");
  });

  it("shows a verified certificate and a Jornaya LeadiD with its verdict", () => {
    const html = render({
      records: [
        record({
          id: 2,
          trusted_form_cert_url: null,
          leadid_token: "0C3F1A2B-1111-2222-3333-444455556666",
          certificate_status: "verified",
          certificate_checked_at: "2026-03-02T09:00:00Z",
          is_proof: true,
        }),
      ],
      phones: [],
      proof: { ok: true, reason: null, label: null },
      dnc_max_age_days: null,
    });
    expect(html).toContain("Verified");
    expect(html).toContain("0C3F1A2B-1111-2222-3333-444455556666");
    expect(html).toContain("Counts as proof");
    expect(html).toContain("Consent proof");
  });

  it("shows the phones' DNC and Reassigned Numbers checks with their dates and the DNC rule's hold", () => {
    const html = render({ records: [record()], phones: [phone], proof: none, dnc_max_age_days: 31 });
    expect(html).toContain("+14155550101");
    expect(html).toContain("Never checked");
    expect(html).toContain("Older than the team&#x27;s 31-day rule");
    expect(html).toContain("Not reassigned since 2026-03-01");
  });

  it("does not link a page URL that is not a web address", () => {
    const html = render({ records: [record({ page_url: "javascript:alert(1)" })], phones: [], proof: none, dnc_max_age_days: 31 });
    expect(html).toContain("javascript:alert(1)");
    expect(html).not.toContain('href="javascript');
  });
});
