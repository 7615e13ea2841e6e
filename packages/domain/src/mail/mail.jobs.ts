import { sql } from "drizzle-orm";
import { z } from "zod";
import { type AnyJobDefinition, defineJob } from "../shared/jobs";
import { one } from "../shared/rows";
import { deliver } from "./mail.transport";

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: string;
}

/** Idempotent: a mail already marked sent is never sent again, whatever pg-boss retries. */
export const deliverMailJob = defineJob({
  name: "mail.deliver",
  payload: z.object({ id: z.number().int().positive() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  async handler({ database, mail: config, log }, { id }) {
    const db = database.db;
    const row = await one<OutboxRow>(db, sql`SELECT * FROM mail_outbox WHERE id = ${id}`);
    if (!row || row.status === "sent") return;
    try {
      await deliver(config, { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body });
    } catch (e) {
      await db.execute(sql`UPDATE mail_outbox SET attempts = attempts + 1, error = ${(e as Error).message.slice(0, 500)} WHERE id = ${id}`);
      throw e;
    }
    await db.execute(
      sql`UPDATE mail_outbox SET status = 'sent', transport = ${config.driver}, sent_at = now(), attempts = attempts + 1, error = NULL
          WHERE id = ${id}`,
    );
    if (config.driver === "outbox") log(`mail to ${row.to_address}: ${row.subject}\n${row.text_body}`);
    else log(`mail ${id} sent to ${row.to_address} via ${config.driver}`);
  },
});

export const mailJobs: readonly AnyJobDefinition[] = [deliverMailJob];
