import { type Campaign, CampaignChannel, type CampaignClickTrigger, type SaveCampaign } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, intArray, one, textArray } from "../shared/rows";
import { assertUnlocked, CampaignFieldErrors, checkCampaignRefs } from "./campaign-checks";
import { campaignDetail, campaignOf, campaignsOf } from "./campaign-rows";
import { campaignSettings } from "./campaign-settings";
import { copySteps } from "./campaign-steps.service";
import { type CampaignChange, changedFields, recordCampaignChange, recordCampaignChanges, setFields } from "./change-log";

/*
 * The campaign aggregate: create, update, read, delete (soft once started), copy, archive and the click trigger.
 * Plan limits do not apply to campaigns.
 */

/** The columns a save writes, from the dialog's fields (the sender the type does not use is cleared). */
function columns(c: SaveCampaign): SQL {
  return sql`name = ${c.name}, type = ${c.type}, sender_type = ${c.sender_type},
    gateway_id = ${c.sender_type === "gateway" ? c.setting_gateway_id : null},
    route_id = ${c.sender_type === "route" ? c.route_id : null},
    pool_id = ${c.sender_type === "pool" ? c.pool_id : null},
    ms_sid = ${c.sender_type === "gateway" ? c.ms_sid : null}, ms_name = ${c.sender_type === "gateway" ? c.ms_name : null},
    started_at = ${c.started_at}, started_at_tz = ${c.started_at_tz},
    daytime_limitation = ${c.daytime_limitation},
    run_daily_from = ${c.daytime_limitation ? c.run_daily_from : null}::time,
    run_daily_to = ${c.daytime_limitation ? c.run_daily_to : null}::time,
    need_send_by_timezones = ${c.need_send_by_timezones},
    frequency_count = ${c.frequency_count}, frequency_period = ${c.frequency_period}, daily_limit = ${c.daily_limit},
    cool_off_rule_id = ${c.cool_off_rule_id}, inactive_device_rule_id = ${c.inactive_device_rule_id},
    set_frequency_rule_id = ${c.set_frequency_rule_id}, increase_frequency_rule_id = ${c.increase_frequency_rule_id},
    only_verified_leads = ${c.only_verified_leads}, lookup_gateway_id = ${c.only_verified_leads ? c.lookup_gateway_id : null},
    only_consent_proof = ${c.only_consent_proof},
    triggers = ${textArray(c.triggers)},
    send_test_spam_emails = ${c.send_test_spam_emails},
    spam_email_group_ids = ${intArray(c.send_test_spam_emails ? c.spam_email_groups : [])},
    send_spam_email_interval = ${c.send_test_spam_emails ? c.send_spam_email_interval : null},
    reply_to = ${c.reply_to}`;
}

export async function createCampaign(db: DbOrTx, ctx: TeamCtx, input: SaveCampaign): Promise<Campaign> {
  const id = await db.transaction(async (tx) => {
    await checkCampaignRefs(tx, ctx, input);
    const row = await one<{ id: number }>(
      tx,
      sql`INSERT INTO campaigns (team_id, name, type) VALUES (${ctx.teamId}, '', 'sms') RETURNING id`,
    );
    await tx.execute(sql`UPDATE campaigns SET ${columns(input)} WHERE id = ${row!.id}`);
    const attributes = setFields(await campaignSettings(tx, ctx.teamId, row!.id));
    await recordCampaignChange(tx, { teamId: ctx.teamId, campaignId: row!.id, type: "created", attributes, userId: ctx.userId });
    return row!.id;
  });
  return campaignDetail(db, ctx, id);
}

export async function updateCampaign(db: DbOrTx, ctx: TeamCtx, id: number, input: SaveCampaign): Promise<Campaign> {
  await db.transaction(async (tx) => {
    const row = await campaignOf(tx, ctx, id, true);
    assertUnlocked(row, input);
    await checkCampaignRefs(tx, ctx, input);
    // Steps are of the campaign's channel: a type change across channels would orphan them.
    if (CampaignChannel[row.type] !== CampaignChannel[input.type]) {
      const steps = await one(tx, sql`SELECT 1 FROM campaign_steps WHERE campaign_id = ${id} LIMIT 1`);
      if (steps) {
        const errors = new CampaignFieldErrors();
        errors.add("type", "Remove the steps before changing the campaign to another channel.");
        errors.throwIfAny();
      }
    }
    const before = await campaignSettings(tx, ctx.teamId, id);
    await tx.execute(sql`UPDATE campaigns SET ${columns(input)}, updated_at = now() WHERE team_id = ${ctx.teamId} AND id = ${id}`);
    const attributes = changedFields(before, await campaignSettings(tx, ctx.teamId, id));
    if (attributes.length)
      await recordCampaignChange(tx, { teamId: ctx.teamId, campaignId: id, type: "updated", attributes, userId: ctx.userId });
  });
  return campaignDetail(db, ctx, id);
}

export const getCampaign = campaignDetail;

/** Hard delete while nothing was sent; a started campaign is hidden so its messages stay on the lead timelines. */
async function removeCampaigns(tx: DbOrTx, ctx: TeamCtx, ids: readonly number[]): Promise<void> {
  await tx.execute(
    sql`UPDATE campaigns SET deleted_at = now(), updated_at = now()
        WHERE team_id = ${ctx.teamId} AND id = ANY(${intArray(ids)}) AND is_started`,
  );
  await tx.execute(sql`DELETE FROM campaigns WHERE team_id = ${ctx.teamId} AND id = ANY(${intArray(ids)}) AND NOT is_started`);
}

export async function deleteCampaign(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await campaignOf(tx, ctx, id, true);
    await removeCampaigns(tx, ctx, [id]);
  });
}

/** All or nothing: one id that is not the team's live campaign is a 404 and nothing is deleted. */
async function allOf(tx: DbOrTx, ctx: TeamCtx, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = await campaignsOf(tx, ctx, unique);
  if (found.length !== unique.length) throw new AppError("campaign_not_found");
  return found;
}

export async function deleteCampaigns(db: DbOrTx, ctx: TeamCtx, ids: readonly number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const found = await allOf(tx, ctx, ids);
    await removeCampaigns(
      tx,
      ctx,
      found.map((c) => c.id),
    );
    return found.length;
  });
}

/** Settings, steps and audience, as a new draft; no messages, no figures. */
export async function copyCampaigns(db: DbOrTx, ctx: TeamCtx, ids: readonly number[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const found = await allOf(tx, ctx, ids);
    const copies: number[] = [];
    const changes: CampaignChange[] = [];
    for (const c of found) {
      // A copy keeps a schedule still ahead; a start that passed (the original's Started Date) is not the copy's.
      const row = await one<{ id: number; name: string }>(
        tx,
        sql`INSERT INTO campaigns (team_id, name, type, status, sender_type, gateway_id, route_id, pool_id, ms_sid, ms_name, started_at,
              started_at_tz, daytime_limitation, run_daily_from, run_daily_to, need_send_by_timezones, frequency_count, frequency_period,
              daily_limit, cool_off_rule_id, inactive_device_rule_id, set_frequency_rule_id, increase_frequency_rule_id, only_verified_leads,
              lookup_gateway_id, triggers, click_automation_campaign_id, send_test_spam_emails, spam_email_group_ids, send_spam_email_interval,
              reply_to, only_consent_proof)
            SELECT team_id, left(name || ' (copy)', 191), type, 'draft', sender_type, gateway_id, route_id, pool_id, ms_sid, ms_name,
              CASE WHEN started_at > now() THEN started_at END, started_at_tz, daytime_limitation, run_daily_from, run_daily_to, need_send_by_timezones, frequency_count, frequency_period,
              daily_limit, cool_off_rule_id, inactive_device_rule_id, set_frequency_rule_id, increase_frequency_rule_id, only_verified_leads,
              lookup_gateway_id, triggers, click_automation_campaign_id, send_test_spam_emails, spam_email_group_ids, send_spam_email_interval,
              reply_to, only_consent_proof
            FROM campaigns WHERE id = ${c.id}
            RETURNING id, name`,
      );
      await tx.execute(
        sql`INSERT INTO campaign_audiences (team_id, campaign_id, kind, ref_id)
            SELECT team_id, ${row!.id}, kind, ref_id FROM campaign_audiences WHERE campaign_id = ${c.id}`,
      );
      await copySteps(tx, ctx, c.id, row!.id);
      copies.push(row!.id);
      const copied = (campaignId: number, name: string, other: { id: number; name: string }) => ({
        teamId: ctx.teamId,
        campaignId,
        type: "copied" as const,
        attributes: [{ name, value_to: `${other.name} (#${other.id})` }],
        userId: ctx.userId,
      });
      changes.push(copied(c.id, "Copied to", row!), copied(row!.id, "Copied from", c));
    }
    await recordCampaignChanges(tx, changes);
    return copies;
  });
}

export async function archiveCampaigns(db: DbOrTx, ctx: TeamCtx, ids: readonly number[], archived: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const found = await allOf(tx, ctx, ids);
    await tx.execute(
      sql`UPDATE campaigns SET archived_at = ${archived ? sql`coalesce(archived_at, now())` : sql`NULL`}, updated_at = now()
          WHERE team_id = ${ctx.teamId} AND id = ANY(${intArray(found.map((c) => c.id))})`,
    );
    const moved = found.filter((c) => (c.archived_at !== null) !== archived);
    await recordCampaignChanges(
      tx,
      moved.map((c) => ({
        teamId: ctx.teamId,
        campaignId: c.id,
        type: archived ? "archived" : "unarchived",
        attributes: [],
        userId: ctx.userId,
      })),
    );
    return found.length;
  });
}

/** Sets (or clears) the trigger campaign a click in these campaigns starts: an SMS Trigger campaign of the team. */
export async function setClickTrigger(db: DbOrTx, ctx: TeamCtx, input: CampaignClickTrigger): Promise<number> {
  return db.transaction(async (tx) => {
    const found = await allOf(tx, ctx, input.campaigns);
    const target = input.click_automation_campaign_id;
    let targetName: string | null = null;
    if (target !== null) {
      const t = await one<{ name: string; fits: boolean }>(
        tx,
        sql`SELECT name, type IN ('automation', 'email_automation') AND 'campaign_click' = ANY(triggers) AS fits
            FROM campaigns WHERE team_id = ${ctx.teamId} AND id = ${target} AND deleted_at IS NULL`,
      );
      const errors = new CampaignFieldErrors();
      if (!t) errors.notFound("click_automation_campaign_id", "campaign_not_found", "The selected campaign was not found.");
      else if (!t.fits) errors.add("click_automation_campaign_id", "Choose a trigger campaign that starts on a campaign click.");
      errors.throwIfAny();
      targetName = t?.name ?? null;
    }
    await tx.execute(
      sql`UPDATE campaigns SET click_automation_campaign_id = ${target}, updated_at = now()
          WHERE team_id = ${ctx.teamId} AND id = ANY(${intArray(found.map((c) => c.id))})`,
    );
    const attributes = [{ name: "Click trigger campaign", value_to: targetName }];
    await recordCampaignChanges(
      tx,
      found
        .filter((c) => c.click_automation_campaign_id !== target)
        .map((c) => ({ teamId: ctx.teamId, campaignId: c.id, type: "click_trigger", attributes, userId: ctx.userId })),
    );
    return found.length;
  });
}

/**
 * Expire All Links: every link the campaign has sent until now redirects as expired (to the step's expired-link
 * target, or the app's expired page); links sent later live by their own step settings.
 */
export async function expireCampaignLinks(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await campaignOf(tx, ctx, id, true);
    await tx.execute(sql`UPDATE campaigns SET links_expired_at = now(), updated_at = now() WHERE team_id = ${ctx.teamId} AND id = ${id}`);
    await recordCampaignChange(tx, { teamId: ctx.teamId, campaignId: id, type: "links_expired", attributes: [], userId: ctx.userId });
  });
}
