import {
  CampaignStatusLabels,
  canMoveCampaign,
  formatDollars,
  type MessageReason,
  MessageReasons,
  type SendPreview,
  type SendPreviewSkip,
  type WaitingReason,
  WaitingReasonKinds,
} from "@leadflow/contracts";
import { type CampaignRecord, campaignOf, whyNotActive } from "../../campaigns";
import { type AudienceGroup, previewAudience } from "../../sending";
import type { TeamCtx } from "../../shared/context";
import type { DbOrTx } from "../../shared/rows";
import { shift, wallAt, zonedInstant } from "../../shared/zoned-time";
import { type WaitingGroup, waitingReasons } from "../waiting-reasons";
import { balanceOf, previewCost } from "./preview-cost";

/*
 * The send preview (docs/campaign-statistics.md, "The send preview"): what setting a campaign Active would do, asked
 * before it is set. The audience is read as the planner reads it and passed through the claim's gates
 * (sending/plan/audience-preview.ts); what waits is explained by the waiting figure's own words (waiting-reasons.ts),
 * so the preview and the campaign page after the start name each wait alike; the cost comes from rendering a sample.
 */

/** Leads rendered for the cost: enough for a mean within a part, few enough to render in a few milliseconds. */
export const PREVIEW_SAMPLE = 200;

/** What stops the campaign from being set Active now, in Set status's words; null when nothing does. */
async function whyNot(db: DbOrTx, ctx: TeamCtx, c: CampaignRecord): Promise<string | null> {
  const name = `Campaign "${c.name}"`;
  if (c.status === "active") return `${name} is already Active.`;
  if (!canMoveCampaign(c.status, "active")) return `${name} cannot be set from ${CampaignStatusLabels[c.status]} to Active.`;
  const why = await whyNotActive(db, ctx, c);
  return why ? `${name} cannot be set to Active: ${why}.` : null;
}

/** The next midnight of the campaign's day (its start zone): when a daily limit's rest may go. */
function nextDay(now: number, zone: string): string {
  return zonedInstant(shift({ ...wallAt(now, zone), hour: 0, minute: 0, second: 0 }, { day: 1 }), zone).toISOString();
}

const money = (amount: number) => ({ amount: Math.round(amount * 1e6) / 1e6, formatted: formatDollars(amount) });

interface Sorted {
  goNow: number;
  plannedBefore: number;
  planned: WaitingGroup[];
  skips: Map<MessageReason, number>;
  holds: Map<MessageReason, number>;
}

/** Each group of the audience by what the planner and the claim would do with it. */
function sortGroups(groups: readonly AudienceGroup[], canSend: boolean, now: number): Sorted {
  const out: Sorted = { goNow: 0, plannedBefore: 0, planned: [], skips: new Map(), holds: new Map() };
  const skip = (r: MessageReason, n: number) => out.skips.set(r, (out.skips.get(r) ?? 0) + n);
  for (const g of groups) {
    if (g.plannedBefore) out.plannedBefore += g.n;
    else if (g.noAddress || !g.place) skip("no_address", g.n);
    else if (!canSend) skip("no_sender", g.n);
    else if (g.place.due === null) skip("outside_window", g.n);
    else if (g.reason && !g.waits) skip(g.reason, g.n);
    else if (g.reason) out.holds.set(g.reason, (out.holds.get(g.reason) ?? 0) + g.n);
    else if (Date.parse(g.place.due) <= now) out.goNow += g.n;
    else {
      const p = g.place;
      out.planned.push({ reason: null, time_zone: p.tz, us_state: p.st, country: p.ctry, due: false, n: g.n, next: p.due! });
    }
  }
  return out;
}

/** Rows a consent check holds back wait as a lookup does: looked at again every two minutes. */
function holdReasons(holds: Map<MessageReason, number>, c: CampaignRecord, now: number): WaitingReason[] {
  const out: WaitingReason[] = [];
  for (const [reason, n] of holds) {
    if (reason === "unverified") {
      const group: WaitingGroup = {
        reason,
        time_zone: null,
        us_state: null,
        country: null,
        due: true,
        n,
        next: new Date(now).toISOString(),
      };
      out.push(...waitingReasons([group], c, now));
    } else
      out.push({
        kind: "unverified",
        label: MessageReasons[reason],
        description: `${MessageReasons[reason]}: each waits for its check, looked at again every two minutes.`,
        count: n,
        next_send_at: new Date(now).toISOString(),
      });
  }
  return out;
}

/**
 * The preview of the team's campaign (another team's is a 404). `publicUrl`: the app's base URL, which a step without
 * a short domain links from; `now`: the clock, for tests.
 */
export async function campaignSendPreview(
  db: DbOrTx,
  ctx: TeamCtx,
  campaignId: number,
  env: { publicUrl: string },
  now = Date.now(),
): Promise<SendPreview> {
  const found = await campaignOf(db, ctx, campaignId);
  // Explained as it would run once Active: a paused campaign's own pause is not what its messages would wait for.
  const c = { ...found, team_id: ctx.teamId, status: "active" as const, status_reason: null };
  const blocked = await whyNot(db, ctx, found);
  const audience = await previewAudience(db, c, new Date(now), PREVIEW_SAMPLE);
  const sorted = sortGroups(audience.groups, audience.senders.choices.length > 0, now);

  // The daily limit: what is due at once past it waits for the campaign's next day.
  let goNow = sorted.goNow;
  if (c.daily_limit !== null && goNow > c.daily_limit) {
    sorted.planned.push({
      reason: "daily_limit",
      time_zone: null,
      us_state: null,
      country: null,
      due: false,
      n: goNow - c.daily_limit,
      next: nextDay(now, c.started_at_tz),
    });
    goNow = c.daily_limit;
  }
  const order = (k: WaitingReason["kind"]) => WaitingReasonKinds.indexOf(k);
  const reasons = [...waitingReasons(sorted.planned, c, now), ...holdReasons(sorted.holds, c, now)].sort(
    (a, b) => b.count - a.count || order(a.kind) - order(b.kind),
  );
  const waiting = reasons.reduce((n, r) => n + r.count, 0);
  const skipped_reasons: SendPreviewSkip[] = [...sorted.skips]
    .map(([reason, count]) => ({ reason, label: MessageReasons[reason], count }))
    .sort((a, b) => b.count - a.count);
  const skipped = skipped_reasons.reduce((n, s) => n + s.count, 0);

  const perMinute = c.frequency_count && c.frequency_period ? c.frequency_count / c.frequency_period : null;
  const cost = await previewCost(db, ctx.teamId, c.id, audience, env.publicUrl);
  const sent = goNow + waiting;
  const upperParts = Math.round(sent * cost.perRecipient.upperBound);
  const estimatedParts = Math.round(sent * cost.perRecipient.estimated);
  const { balance, freeSms } = await balanceOf(db, ctx.teamId);
  // The platform's parts are paid from the balance, the plan's free SMS first (email has none).
  const paid = (parts: number) => {
    const platformParts = Math.round(parts * cost.platformShare);
    const free = audience.channel === "sms" ? Math.min(freeSms, platformParts) : 0;
    return (platformParts - free) * cost.platformPrice;
  };
  const needed = paid(estimatedParts);
  return {
    campaign_id: c.id,
    name: c.name,
    channel: audience.channel,
    can_activate: blocked === null,
    blocked_reason: blocked,
    recipients: audience.groups.reduce((n, g) => n + g.n, 0),
    planned_before: sorted.plannedBefore,
    go_now: goNow,
    waiting,
    waiting_reasons: reasons,
    skipped,
    skipped_reasons,
    pace: perMinute ? { per_minute: Math.round(perMinute * 100) / 100, minutes_for_now: Math.ceil(goNow / perMinute) } : null,
    steps: cost.steps,
    sample_size: audience.sample.length,
    parts: { upper_bound: upperParts, estimated: estimatedParts },
    cost: { upper_bound: money(upperParts * cost.meanPrice), estimated: money(estimatedParts * cost.meanPrice) },
    funds: {
      needed: money(needed),
      needed_upper_bound: money(paid(upperParts)),
      balance: money(balance),
      free_sms: freeSms,
      short: needed > balance + 1e-9,
    },
  };
}
