import { randomUUID } from "node:crypto";
import { LINK_PLACEHOLDER, smsLength } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { newLinkCode, renderEmailSubject, renderMessage, shortLink } from "../../campaigns";
import { type DbOrTx, intArray, rows } from "../../shared/rows";
import { openPixelUrl } from "../outcomes/open-pixel";
import { unsubscribeUrl } from "../outcomes/unsubscribe";
import type { ClaimedRow } from "./dispatch-claim";
import { emailSender, loadEmailExtras, renderEmailBody } from "./dispatch-render-email";
import { loadRenderLeads } from "./render-leads";

/*
 * Render (docs/sending.md), outside any transaction: each claimed row's step (or split part) filled in for its
 * lead — attributes, source, list, last four digits, random numbers — with one short link per message for
 * `{{link}}`, its SMS parts and encoding, and its cost at the gateway's price; an email's sender, reply-to and
 * pre-header (dispatch-render-email.ts). Reads are batched: one query for the steps, one for the leads, one for the
 * teams' attributes, and for email the sender groups' usernames and the campaigns' reply-to.
 */

export interface RenderedLink {
  code: string;
  redirectTo: string;
}

export interface Rendered {
  row: ClaimedRow;
  body: string;
  subject: string | null;
  /** Email: the sender address and name the step names, and the campaign's reply-to. */
  from: string | null;
  fromName: string | null;
  replyTo: string | null;
  parts: number;
  cost: number;
  idempotencyKey: string;
  links: RenderedLink[];
  unsubscribeUrl: string | null;
}

interface StepRow {
  id: number;
  type: string;
  message: string;
  subject: string | null;
  redirect_to: string | null;
  short_url_domain_id: number | null;
  options: Record<string, unknown>;
}

export interface RenderEnv {
  /** The app's public base URL: links without a short domain, and the unsubscribe link. */
  publicUrl: string;
  /** The gateway's price of one SMS part or email. */
  unitCost: number;
  /** Signs the unsubscribe link of an email (the gateway's callback secret). */
  signingSecret: string;
  /** Email: the gateway's verified sending domain, asked only when a sender group's step names no domain. */
  emailDomain?: () => Promise<string | null>;
  /** Email: the unsubscribe link instead of the row's signed one (spam-test copies, which have no ledger row). */
  unsubscribeUrl?: (row: ClaimedRow) => string;
}

export async function renderBatch(db: DbOrTx, claimed: readonly ClaimedRow[], env: RenderEnv): Promise<Rendered[]> {
  if (claimed.length === 0) return [];
  const steps = new Map(
    (
      await rows<StepRow>(
        db,
        sql`SELECT id, type, message, subject, redirect_to, short_url_domain_id, options FROM campaign_steps
            WHERE id = ANY(${intArray([...new Set(claimed.map((r) => r.part_id))])})`,
      )
    ).map((s) => [s.id, s]),
  );
  const domainIds = [...new Set([...steps.values()].flatMap((s) => (s.short_url_domain_id ? [s.short_url_domain_id] : [])))];
  const domains = new Map(
    domainIds.length
      ? (
          await rows<{ id: number; url: string; https_enabled: boolean }>(
            db,
            sql`SELECT id, url, https_enabled FROM short_url_domains WHERE id = ANY(${intArray(domainIds)}) AND access = 'enabled'`,
          )
        ).map((d) => [d.id, d])
      : [],
  );
  const leads = await loadRenderLeads(db, claimed);
  const emailRows = claimed.filter((r) => r.channel === "email");
  const extras = emailRows.length
    ? await loadEmailExtras(
        db,
        [...new Set(emailRows.map((r) => r.part_id))].flatMap((id) => steps.get(id) ?? []),
        [...new Set(emailRows.map((r) => r.campaign_id))],
        env.emailDomain,
      )
    : null;
  const app = new URL(env.publicUrl);

  return claimed.map((row) => {
    const step = steps.get(row.part_id);
    const lead = leads.lead(row.team_id, row.lead_id);
    const values = leads.values(row.team_id, lead);
    if (row.channel === "sms" && Object.hasOwn(values, "phone")) values.phone = row.address;
    if (row.channel === "email" && Object.hasOwn(values, "email")) values.email = row.address;

    const links: RenderedLink[] = [];
    const message = step?.message ?? "";
    let link = "";
    if (step && message.includes(LINK_PLACEHOLDER)) {
      const code = newLinkCode();
      const domain = step.short_url_domain_id ? domains.get(step.short_url_domain_id) : undefined;
      link = shortLink(
        domain ? { host: domain.url, https: domain.https_enabled } : { host: app.host, https: app.protocol === "https:" },
        code,
      );
      links.push({ code, redirectTo: step.redirect_to ?? "" });
    }
    const unsubscribe =
      row.channel !== "email"
        ? null
        : env.unsubscribeUrl
          ? env.unsubscribeUrl(row)
          : unsubscribeUrl(env.publicUrl, env.signingSecret, row.id);
    const filled = {
      link,
      unsubscribeUrl: unsubscribe ?? "",
      source: lead?.source ?? "",
      list: lead?.list ?? "",
      phone: row.channel === "sms" ? row.address : "",
      attributes: values,
    };
    // Opens are counted on ledger rows; spam-test copies (their own unsubscribe link) have none.
    const pixel = row.channel === "email" && step?.options.is_tracking_opens === true && !env.unsubscribeUrl;
    const body =
      row.channel === "email" && step
        ? renderEmailBody(step, filled, pixel ? openPixelUrl(env.publicUrl, env.signingSecret, row.id) : null)
        : renderMessage(message, filled);
    const subject = row.channel === "email" && step?.subject ? renderEmailSubject(step.subject, filled) : null;
    const parts = row.channel === "sms" ? Math.max(1, smsLength(body).parts) : 1;
    const sender =
      row.channel === "email" && step && extras ? emailSender(step, row.id, row.lead_id, extras) : { from: null, fromName: null };
    return {
      row,
      body,
      subject,
      ...sender,
      replyTo: (row.channel === "email" && extras?.replyTo.get(row.campaign_id)) || null,
      parts,
      cost: Math.round(parts * env.unitCost * 1e6) / 1e6,
      idempotencyKey: randomUUID(),
      links,
      unsubscribeUrl: unsubscribe,
    };
  });
}
