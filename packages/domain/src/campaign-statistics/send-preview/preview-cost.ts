import { LINK_PLACEHOLDER, type SendPreviewStep, smsLength } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { sendPrices } from "../../billing";
import { newLinkCode, renderMessage, shortLink } from "../../campaigns";
import { sendUnitCost } from "../../providers";
import { type AudiencePreview, loadRenderLeads } from "../../sending";
import { type DbOrTx, intArray, one, rows } from "../../shared/rows";

/*
 * What a campaign's messages would cost (docs/campaign-statistics.md, "The send preview"): each step's parts by the
 * step editor's counter — its upper bound, the longest link the step's short domain makes — and by rendering the
 * step for a sample of the leads who would get it, with the renderer the dispatcher uses and a real short link on the
 * step's domain; then the price of a part on the campaign's gateways, the platform's (what the balance pays) apart.
 */

interface StepRow {
  id: number;
  parent_step_id: number | null;
  position: number;
  name: string;
  type: "sms" | "email" | "split";
  message: string;
  short_url_domain_id: number | null;
  domain: string | null;
  https: boolean | null;
}

export interface PreviewCost {
  steps: SendPreviewStep[];
  /** Parts per recipient over every step: by the counter, and as the sample rendered. */
  perRecipient: { upperBound: number; estimated: number };
  /** The price of a part on the platform's gateways, and the mean price over the campaign's senders. */
  platformPrice: number;
  meanPrice: number;
  /** The share of the campaign's senders on the platform's gateways (their parts are paid from the balance). */
  platformShare: number;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

async function stepsOf(db: DbOrTx, campaignId: number): Promise<StepRow[]> {
  return rows<StepRow>(
    db,
    sql`SELECT s.id, s.parent_step_id, s.position, s.name, s.type, s.message, s.short_url_domain_id, d.url AS domain, d.https_enabled AS https
        FROM campaign_steps s
        LEFT JOIN short_url_domains d ON d.id = s.short_url_domain_id AND d.access = 'enabled'
        WHERE s.campaign_id = ${campaignId} ORDER BY s.position, s.id`,
  );
}

/** Where the step's `{{link}}` points: its short domain, else the app's own host (as the dispatcher makes it). */
const linkBase = (s: StepRow, app: URL) =>
  s.domain ? { host: s.domain, https: s.https === true } : { host: app.host, https: app.protocol === "https:" };

export async function previewCost(
  db: DbOrTx,
  teamId: number,
  campaignId: number,
  audience: AudiencePreview,
  publicUrl: string,
): Promise<PreviewCost> {
  const all = await stepsOf(db, campaignId);
  const app = new URL(publicUrl);
  const leads = await loadRenderLeads(
    db,
    audience.sample.map((r) => ({ team_id: teamId, lead_id: r.lead_id })),
  );
  /** One message (an sms or email step, or a split's part): the counter's parts and the sample's. */
  const measure = (s: StepRow) => {
    if (audience.channel === "email" || s.type === "email") return { counter: 1, sample: audience.sample.map(() => 1) };
    const base = linkBase(s, app);
    const counter = smsLength(s.message, { shortDomain: base.host }).parts;
    const sample = audience.sample.map((r) => {
      const lead = leads.lead(teamId, r.lead_id);
      const attributes = leads.values(teamId, lead);
      if (Object.hasOwn(attributes, "phone")) attributes.phone = r.address;
      const link = s.message.includes(LINK_PLACEHOLDER) ? shortLink(base, newLinkCode()) : "";
      const values = { link, unsubscribeUrl: "", source: lead?.source ?? "", list: lead?.list ?? "", phone: r.address, attributes };
      return Math.max(1, smsLength(renderMessage(s.message, values), { placeholders: false }).parts);
    });
    return { counter, sample };
  };
  const steps: SendPreviewStep[] = [];
  for (const s of all.filter((x) => x.parent_step_id === null)) {
    // A split's lead takes one of its parts, drawn evenly: the step costs their mean, at most its longest.
    const parts = s.type === "split" ? all.filter((p) => p.parent_step_id === s.id) : [s];
    const measured = parts.map(measure);
    const samples = measured.map((m) => m.sample);
    const sampleMeans = samples.filter((x) => x.length).map(mean);
    steps.push({
      id: s.id,
      position: s.position,
      name: s.name,
      type: s.type,
      counter_parts: Math.max(0, ...measured.map((m) => m.counter)),
      sample_parts: Math.round((sampleMeans.length ? mean(sampleMeans) : mean(measured.map((m) => m.counter))) * 100) / 100,
      sample_parts_max: Math.max(0, ...samples.flat()),
      link_host: parts.some((p) => p.message.includes(LINK_PLACEHOLDER)) ? linkBase(parts[0]!, app).host : null,
    });
  }
  const prices = await gatewayPrices(db, audience);
  return {
    steps,
    perRecipient: {
      upperBound: steps.reduce((n, s) => n + s.counter_parts, 0),
      estimated: steps.reduce((n, s) => n + s.sample_parts, 0),
    },
    ...prices,
  };
}

/**
 * The price of a part on each of the campaign's senders (a lead draws one evenly): the platform's price on its own
 * gateways, the provider's on a team's gateway — what the dispatcher records as each message's cost.
 */
async function gatewayPrices(db: DbOrTx, audience: AudiencePreview) {
  const ids = [
    ...audience.senders.choices.map((s) => s.gatewayId),
    ...[...audience.senders.byGroup.values()].flat().map((s) => s.gatewayId),
  ];
  const platformPrice = (await sendPrices(db))[audience.channel];
  if (ids.length === 0) return { platformPrice, meanPrice: 0, platformShare: 0 };
  const found = new Map(
    (
      await rows<{ id: number; team_id: number | null; type: string }>(
        db,
        sql`SELECT id, team_id, type FROM gateways WHERE id = ANY(${intArray([...new Set(ids)])})`,
      )
    ).map((g) => [g.id, g]),
  );
  const chosen = audience.senders.choices.length ? audience.senders.choices.map((s) => s.gatewayId) : ids;
  const each = chosen.map((id) => {
    const g = found.get(id);
    const platform = g?.team_id === null;
    return { platform, price: platform ? platformPrice : g ? (sendUnitCost(audience.channel, g.type) ?? 0) : 0 };
  });
  return {
    platformPrice,
    meanPrice: mean(each.map((e) => e.price)),
    platformShare: each.filter((e) => e.platform).length / each.length,
  };
}

/** The team's balance and free SMS parts, read without creating the row (a preview writes nothing). */
export async function balanceOf(db: DbOrTx, teamId: number): Promise<{ balance: number; freeSms: number }> {
  const b = await one<{ balance: string; free_sms: number }>(
    db,
    sql`SELECT balance, free_sms FROM team_balances WHERE team_id = ${teamId}`,
  );
  return { balance: Number(b?.balance ?? 0), freeSms: b?.free_sms ?? 0 };
}
