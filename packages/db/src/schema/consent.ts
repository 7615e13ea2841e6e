import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { teams } from "./accounts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/*
 * Consent a team can prove. A lead's consent records are append-only: a new capture (a file row, an API lead, a
 * person's entry) adds a record and none is ever edited — only the certificate check's verdict lands on the record it
 * checked. High-volume like the lead tables: no foreign keys, every key starts with team_id.
 */
export const leadConsents = pgTable(
  "lead_consents",
  {
    teamId: integer("team_id").notNull(),
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity(),
    leadId: bigint("lead_id", { mode: "number" }).notNull(),
    /** When the person gave consent (the form's submission), as the capture says. */
    capturedAt: ts("captured_at"),
    pageUrl: text("page_url"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The consent language the person was shown. */
    language: text("language"),
    /** Who sold or supplied the lead (a seller's name, a source). */
    seller: text("seller"),
    trustedFormCertUrl: text("trusted_form_cert_url"),
    leadidToken: text("leadid_token"),
    /** Free-form evidence (a note, a reference). */
    evidence: text("evidence"),
    /** import, api, manual */
    origin: text("origin").notNull(),
    importId: integer("import_id"),
    /** The certificate check's verdict: verified, mismatch, expired, not_found, error; null until checked. */
    certificateStatus: text("certificate_status"),
    certificateCheckedAt: ts("certificate_checked_at"),
    /** What the certificate provider answered (page URL, capture time, the phone or email the form held…). */
    certificateDetails: jsonb("certificate_details"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    index("lead_consents_lead_idx").on(t.teamId, t.leadId, t.id),
    index("lead_consents_unchecked_idx").on(t.teamId, t.id).where(sql`${t.certificateStatus} IS NULL`),
  ],
);

/** Compliance files: a ZIP of one PDF and one JSON per lead. 1 New, 2 In progress, 3 Completed, 4 Failed. */
export const complianceExports = pgTable(
  "compliance_exports",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    id: serial("id").notNull(),
    userId: integer("user_id"),
    leadIds: jsonb("lead_ids").$type<number[]>().notNull().default([]),
    filename: text("filename").notNull(),
    fileKey: text("file_key"),
    status: smallint("status").notNull().default(1),
    totalLeads: integer("total_leads").notNull().default(0),
    completedLeads: integer("completed_leads").notNull().default(0),
    error: text("error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.id] })],
);
