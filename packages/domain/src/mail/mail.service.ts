import { sql } from "drizzle-orm";
import type { JobSender } from "../shared/jobs";
import { type DbOrTx, iso, one, rows } from "../shared/rows";
import { deliverMailJob } from "./mail.jobs";
import type { OutgoingMail } from "./mail.transport";

/** Writes the mail to the outbox and asks a worker to deliver it. The outbox row is the record either way. */
export async function sendMail(db: DbOrTx, jobs: JobSender, mail: OutgoingMail & { teamId?: number }): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO mail_outbox (team_id, to_address, subject, text_body, html_body)
        VALUES (${mail.teamId ?? null}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}) RETURNING id`,
  );
  await jobs.send(deliverMailJob, { id: row!.id });
  return row!.id;
}

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  transport: string | null;
  error: string | null;
  created_at: string;
}

export async function listOutbox(db: DbOrTx, limit = 20): Promise<OutboxEntry[]> {
  const list = await rows<OutboxEntry>(
    db,
    sql`SELECT id, to_address AS to, subject, text_body AS text, status, transport, error, created_at
        FROM mail_outbox ORDER BY id DESC LIMIT ${limit}`,
  );
  return list.map((m) => ({ ...m, created_at: iso(m.created_at)! }));
}
