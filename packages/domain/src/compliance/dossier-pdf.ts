import { CertificateStatusLabels, RndResultLabels } from "@leadflow/contracts";
import PDFDocument from "pdfkit";
import type { DossierMessage, LeadDossier } from "./lead-dossier";
import { keyValues, note, pageNumbers, section, table, title, when } from "./pdf-layout";

/*
 * One lead's compliance record as a readable PDF: the verdict first (would a consent-proof campaign send to it
 * today, and if not why), then the lead, its consent records with their certificates, its phones' DNC and Reassigned
 * Numbers checks, every message with the window that applied, the replies with the answers sent, and the
 * suppressions. The same data as the lead's JSON, which is the exact record; this is for people.
 */

const yesNo = (b: boolean) => (b ? "Yes" : "No");

function outcome(m: DossierMessage): string {
  const parts = [m.state, m.reason_label, m.error].filter(Boolean);
  if (m.provider_id) parts.push(`Provider id ${m.provider_id}`);
  return parts.join(" · ");
}

function windowOf(m: DossierMessage): string {
  const w = m.window;
  if (!w) return "The step's window";
  const where = [w.time_zone, w.us_state, w.country].filter(Boolean).join(", ") || "Unknown place (strictest hours)";
  const source = w.time_zone_source ? ` (zone from ${w.time_zone_source})` : "";
  return `${where}${source}; not before ${when(w.due_at)}${w.not_after ? `, not after ${when(w.not_after)}` : ""}`;
}

function consentSection(doc: InstanceType<typeof PDFDocument>, d: LeadDossier): void {
  section(doc, `Consent records (${d.consent.records.length})`);
  if (d.consent.records.length === 0) {
    note(doc, "No consent record: this lead was imported without proof of consent.");
    return;
  }
  note(doc, 'Newest first. The newest record is the one a campaign with "Only leads with consent proof" reads.');
  d.consent.records.forEach((r, i) => {
    const certificate = r.certificate_named
      ? r.certificate_status
        ? `${CertificateStatusLabels[r.certificate_status]} (checked ${when(r.certificate_checked_at)})`
        : "Not checked yet"
      : "No certificate named";
    section(doc, `Record ${i + 1}${i === 0 ? " (latest)" : ""}`, 160);
    keyValues(doc, [
      ["Captured at", when(r.captured_at)],
      ["Page", r.page_url],
      ["IP address", r.ip],
      ["User agent", r.user_agent],
      ["Consent language", r.language],
      ["Seller", r.seller],
      ["TrustedForm certificate", r.trusted_form_cert_url],
      ["Jornaya LeadiD token", r.leadid_token],
      ["Certificate status", certificate],
      ["Evidence", r.evidence],
      ["Origin", `${r.origin}${r.import_id ? ` (import #${r.import_id})` : ""}, recorded ${when(r.created_at)}`],
      ["Counts as proof", yesNo(r.is_proof)],
    ]);
  });
}

/** The lead's PDF, streamed: pipe it or hand it to the ZIP as it is written. */
export function dossierPdf(d: LeadDossier, teamName: string): InstanceType<typeof PDFDocument> {
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: 48, bottom: 48, left: 48, right: 48 },
    bufferPages: true,
    info: { Title: `Compliance record: lead #${d.lead.id}`, Author: teamName, Creator: "Leadflow" },
  });
  title(doc, `Compliance record: lead #${d.lead.id}`, `${teamName} · generated ${when(d.generated_at)} · format ${d.format}`);

  section(doc, "Consent proof today");
  keyValues(doc, [
    [
      "Consent proof",
      d.consent.proof.ok ? 'Yes: a campaign with "Only leads with consent proof" may send to it' : `No: ${d.consent.proof.label}`,
    ],
  ]);

  section(doc, "Lead");
  keyValues(doc, [
    ["Lead ID", String(d.lead.id)],
    ["Status", d.lead.status],
    ["Created", when(d.lead.created_at)],
    ["Last updated", when(d.lead.updated_at)],
    ["Lists", d.lead.lists.join("; ") || null],
  ]);
  table(
    doc,
    ["Field", "Value", "Status"],
    d.lead.values.map((v) => [v.attribute, v.value, v.status]),
    [130, "*", 110],
    "No values.",
  );

  consentSection(doc, d);

  section(doc, "Phone checks");
  table(
    doc,
    ["Phone", "Status", "DNC result", "DNC checked", "Reassigned Numbers", "RND checked"],
    d.phones.map((p) => [
      p.phone,
      p.status_label,
      [p.dnc_code, p.dnc_message].filter(Boolean).join(" · ") || null,
      `${when(p.dnc_checked_at)}${p.dnc_stale ? " (too old for the team's rule)" : ""}`,
      p.rnd_result ? `${RndResultLabels[p.rnd_result]}${p.rnd_since ? ` since ${p.rnd_since}` : ""}` : "Not checked",
      when(p.rnd_checked_at),
    ]),
    [80, 60, "*", 80, 90, 80],
    "The lead has no phone.",
  );

  section(doc, `Messages (${d.messages.length})`);
  note(doc, "Every message planned for the lead, sent or not, with the sending window that applied to it.");
  table(
    doc,
    ["When", "Campaign · step", "From → to", "Text", "Outcome", "Window"],
    d.messages.map((m) => [
      when(m.sent_at ?? m.submitted_at ?? m.window?.due_at),
      `${m.campaign_name} · ${m.step ?? ""}`,
      `${m.from ?? "—"} → ${m.to}`,
      m.subject ? `${m.subject}\n${m.text ?? ""}` : m.text,
      outcome(m),
      windowOf(m),
    ]),
    [62, 72, 72, "*", 80, 90],
    "No message was planned for this lead.",
  );

  section(doc, `Replies and opt-outs (${d.replies.length})`);
  table(
    doc,
    ["Received", "From", "Text", "Meaning", "Answer sent"],
    d.replies.map((r) => [
      when(r.received_at),
      r.from,
      r.text,
      r.intent === "none" ? "Reply" : r.intent,
      r.answer
        ? [r.answer.text, r.answer.state, r.answer.sent_at ? when(r.answer.sent_at) : null, r.answer.error].filter(Boolean).join(" · ")
        : null,
    ]),
    [70, 75, "*", 55, 140],
    "No reply from this lead.",
  );

  section(doc, `Suppressions (${d.suppressions.length})`);
  table(
    doc,
    ["Channel", "Address", "Reason", "Since"],
    d.suppressions.map((s) => [s.channel.toUpperCase(), s.address, s.reason, when(s.since)]),
    [60, "*", 120, 110],
    "None of the lead's phones or emails is on the suppression list.",
  );

  pageNumbers(doc, `Lead #${d.lead.id}`);
  doc.end();
  return doc;
}

/** The PDF of a lead deleted between the request and the file: it says so, rather than leaving a gap. */
export function missingLeadPdf(leadId: number, teamName: string, generatedAt: string): InstanceType<typeof PDFDocument> {
  const doc = new PDFDocument({ size: "LETTER", margins: { top: 48, bottom: 48, left: 48, right: 48 } });
  title(doc, `Compliance record: lead #${leadId}`, `${teamName} · generated ${when(generatedAt)}`);
  note(doc, "This lead was deleted before the file was written: Leadflow holds no record of it any more.");
  doc.end();
  return doc;
}
