import { sql } from "drizzle-orm";
import { emailHeaderText, emailUrl, escapeHtml, type MessageValues, renderEmailHtml, renderMessage } from "../../campaigns";
import type { EmailSendAdapter } from "../../providers";
import { type DbOrTx, intArray, rows } from "../../shared/rows";
import { withOpenPixel } from "../outcomes/open-pixel";

/*
 * An email step's sender and extras (docs/product/campaigns.md), for the render: the From address by the step's sender
 * type — an address; a user name at a domain (a lead-specific local part when none is typed); or a sender email group
 * whose usernames take turns message by message (the ledger row's id modulo the group's usernames in their saved
 * order: each gets an even share, and a message rendered again keeps its sender) — the display name (a group
 * username's own overrides the step's), the campaign's reply-to, and the pre-header hidden at the top of the body.
 */

export interface EmailSender {
  from: string | null;
  fromName: string | null;
}

export interface SenderUsername {
  from_name: string;
  user_name: string;
}

/** What the batch's email rows share: each group step's usernames in order, each campaign's reply-to. */
export interface EmailExtras {
  usernames: Map<number, SenderUsername[]>;
  replyTo: Map<number, string>;
  /** The gateway's verified sending domain: a group's usernames are local parts at it (when the step names none). */
  domain: string | null;
}

/** A step option as trimmed text, or null (options are JSON: a value may be missing, empty or not a string). */
export function optionText(options: Record<string, unknown>, key: string): string | null {
  const v = options[key];
  return typeof v === "string" && v.trim() ? v.trim() : null;
}

const isGroupStep = (options: Record<string, unknown>) => optionText(options, "sender_type") === "group";

export async function loadEmailExtras(
  db: DbOrTx,
  steps: readonly { id: number; options: Record<string, unknown> }[],
  campaignIds: readonly number[],
  gatewayDomain: (() => Promise<string | null>) | undefined,
): Promise<EmailExtras> {
  const groupSteps = steps.filter((s) => isGroupStep(s.options));
  const usernames = new Map<number, SenderUsername[]>();
  if (groupSteps.length) {
    // The step's team's group only; a group deleted since the step was saved gives no usernames (no sender).
    const found = await rows<SenderUsername & { step_id: number }>(
      db,
      sql`SELECT s.id AS step_id, u.from_name, u.user_name FROM campaign_steps s
          JOIN sender_email_usernames u ON u.team_id = s.team_id
            AND u.group_id = CASE WHEN s.options->>'sender_email_group_id' ~ '^[0-9]{1,9}$' THEN (s.options->>'sender_email_group_id')::int END
          WHERE s.id = ANY(${intArray(groupSteps.map((s) => s.id))})
          ORDER BY s.id, u.id`,
    );
    for (const u of found) usernames.set(u.step_id, [...(usernames.get(u.step_id) ?? []), u]);
  }
  const replyTo = new Map(
    campaignIds.length
      ? (
          await rows<{ id: number; reply_to: string }>(
            db,
            sql`SELECT id, reply_to FROM campaigns WHERE id = ANY(${intArray([...campaignIds])}) AND coalesce(reply_to, '') <> ''`,
          )
        ).map((c) => [c.id, c.reply_to.trim()])
      : [],
  );
  const needsDomain = groupSteps.some((s) => !optionText(s.options, "sender_domain"));
  const domain = needsDomain && gatewayDomain ? await gatewayDomain() : null;
  return { usernames, replyTo, domain };
}

/** The From of one message of an email step; `rowId` turns a group's usernames. */
export function emailSender(
  step: { id: number; options: Record<string, unknown> },
  rowId: number,
  leadId: number,
  extras: EmailExtras,
): EmailSender {
  const { from, fromName } = senderOf(step, rowId, leadId, extras);
  // The display name is a header: one line, whatever a setting holds (no lead value reaches a sender).
  return { from, fromName: fromName === null ? null : emailHeaderText(fromName) };
}

function senderOf(step: { id: number; options: Record<string, unknown> }, rowId: number, leadId: number, extras: EmailExtras): EmailSender {
  const o = step.options;
  const fromName = optionText(o, "from_name");
  const domain = optionText(o, "sender_domain");
  const type = optionText(o, "sender_type");
  if (type === "domain" && domain) return { from: `${optionText(o, "sender_username") ?? `lead${leadId}`}@${domain}`, fromName };
  if (type === "group") {
    const list = extras.usernames.get(step.id) ?? [];
    const at = domain ?? extras.domain;
    if (list.length === 0 || !at) return { from: null, fromName };
    const u = list[Math.abs(Math.trunc(rowId)) % list.length]!;
    return { from: `${u.user_name}@${at}`, fromName: u.from_name.trim() || fromName };
  }
  return { from: optionText(o, "sender_email") ?? optionText(o, "sender"), fromName };
}

/**
 * An email step's HTML for one lead: the lead's values escaped as text (`renderEmailHtml`), the pre-header first, and
 * the open pixel (when the message counts opens) last.
 */
export function renderEmailBody(
  step: { message: string; options: Record<string, unknown> },
  values: MessageValues,
  openPixelUrl: string | null,
): string {
  const html = renderEmailHtml(step.message, values);
  const preHeader = optionText(step.options, "pre_header");
  // Plain text filled as it is, then escaped whole by withPreHeader: one escape, not two.
  const withHeader = preHeader ? withPreHeader(html, renderMessage(preHeader, values)) : html;
  return openPixelUrl === null ? withHeader : withOpenPixel(withHeader, emailUrl(openPixelUrl));
}

/**
 * The pre-header: the preview line a mail client shows after the subject, as the first (hidden) text of the body —
 * right after `<body>` when the message has one. Its text is escaped: it is text, not markup.
 */
export function withPreHeader(html: string, preHeader: string): string {
  if (!preHeader.trim()) return html;
  const hidden =
    '<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px">' +
    `${escapeHtml(preHeader.trim())}</div>`;
  const body = /<body[^>]*>/i.exec(html);
  if (!body) return hidden + html;
  const end = body.index + body[0].length;
  return html.slice(0, end) + hidden + html.slice(end);
}

/** How long a gateway's verified domain is remembered: identities change rarely, and asking is a provider call. */
const DOMAIN_TTL_MS = 5 * 60_000;
const domains = new Map<number, { until: number; domain: string | null }>();

/**
 * The first domain identity the email gateway may send from (SES: a verified domain; the sandbox: its own). Asked of
 * the provider at most every few minutes per gateway; a failure throws (the batch is retried, its rows go back to
 * planned on take-over) rather than rejecting messages for want of a sender.
 */
export async function sendingDomainOf(gatewayId: number, adapter: EmailSendAdapter | null): Promise<string | null> {
  if (!adapter) return null;
  const known = domains.get(gatewayId);
  if (known && known.until > Date.now()) return known.domain;
  const options = await adapter.senderOptions(AbortSignal.timeout(20_000));
  const domain = options.find((o) => o.kind === "domain")?.key ?? null;
  domains.set(gatewayId, { until: Date.now() + DOMAIN_TTL_MS, domain });
  return domain;
}
