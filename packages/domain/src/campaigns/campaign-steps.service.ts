import {
  CampaignChannel,
  type CampaignStep,
  type CampaignType,
  CampaignTypeLabels,
  isTriggerType,
  type SaveStep,
  type SaveStepPart,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, intArray, one, rows } from "../shared/rows";
import { CampaignFieldErrors } from "./campaign-checks";
import { type CampaignRecord, campaignOf } from "./campaign-rows";
import { recordCampaignChange } from "./change-log";
import { presentStep, type StepRow, stepColumns } from "./step-fields";
import { stepChanged, stepCreated, stepSettings } from "./step-settings";

/*
 * A campaign's steps: added (and copied, and deleted) only while the campaign is a draft; a split's parts are steps
 * under it. Each step is of the campaign's channel.
 */

const stepSelect = sql`SELECT s.id, s.campaign_id, s.parent_step_id, s.position, s.type, s.name, s.status, s.started_at, s.delay,
  s.delay_time_period, s.message, s.subject, s.redirect_to, s.short_url_domain_id, d.url AS short_url_domain_label,
  s.click_automation_campaign_id, s.two_fa_automation_campaign_id, s.tmo_limit_automation_campaign_id, s.options
  FROM campaign_steps s LEFT JOIN short_url_domains d ON d.id = s.short_url_domain_id AND d.team_id = s.team_id`;

export async function listSteps(db: DbOrTx, ctx: TeamCtx, campaignId: number): Promise<CampaignStep[]> {
  await campaignOf(db, ctx, campaignId);
  return stepsOf(db, ctx, campaignId);
}

async function stepsOf(db: DbOrTx, ctx: TeamCtx, campaignId: number, onlyId?: number): Promise<CampaignStep[]> {
  const found = await rows<StepRow>(
    db,
    sql`${stepSelect} WHERE s.team_id = ${ctx.teamId} AND s.campaign_id = ${campaignId}
        ${onlyId === undefined ? sql`` : sql`AND (s.id = ${onlyId} OR s.parent_step_id = ${onlyId})`}
        ORDER BY s.position, s.id`,
  );
  const parts = found.filter((r) => r.parent_step_id !== null);
  return found
    .filter((r) => r.parent_step_id === null)
    .map((r) => ({ ...presentStep(r), steps: parts.filter((p) => p.parent_step_id === r.id).map(presentStep) }));
}

async function stepOf(db: DbOrTx, ctx: TeamCtx, id: number, lock = false) {
  const row = await one<{ id: number; campaign_id: number; type: string }>(
    db,
    sql`SELECT s.id, s.campaign_id, s.type FROM campaign_steps s JOIN campaigns c ON c.id = s.campaign_id AND c.deleted_at IS NULL
        WHERE s.team_id = ${ctx.teamId} AND s.id = ${id} AND s.parent_step_id IS NULL ${lock ? sql`FOR UPDATE OF s` : sql``}`,
  );
  if (!row) throw new AppError("campaign_step_not_found");
  return row;
}

export async function getStep(db: DbOrTx, ctx: TeamCtx, id: number): Promise<CampaignStep> {
  const s = await stepOf(db, ctx, id);
  return (await stepsOf(db, ctx, s.campaign_id, id))[0]!;
}

function assertDraft(c: CampaignRecord): void {
  if (c.status !== "draft") throw new AppError("campaign_steps_locked");
}

/**
 * The step's kind fits the campaign's channel; its short domain, trigger campaigns, state attribute and sender group
 * are the team's (another team's, or none, is a 404 on the field) and fit (a disabled domain, a campaign that is no
 * trigger: a 422).
 */
async function checkStep(db: DbOrTx, ctx: TeamCtx, c: CampaignRecord, step: SaveStep): Promise<void> {
  const channel = CampaignChannel[c.type];
  const errors = new CampaignFieldErrors();
  const parts: [string, SaveStepPart][] = step.type === "split" ? step.parts.map((p, i) => [`parts.${i}.`, p]) : [["", step]];
  const team = ctx.teamId;
  for (const [at, p] of parts) {
    if (p.type !== channel)
      errors.add(`${at}type`, `A ${CampaignTypeLabels[c.type]} campaign has ${channel === "sms" ? "SMS" : "email"} steps.`);
    if (p.short_url_domain_id !== null) {
      const domain = await one<{ access: string }>(
        db,
        sql`SELECT access FROM short_url_domains WHERE team_id = ${team} AND id = ${p.short_url_domain_id}`,
      );
      if (!domain)
        errors.notFound(`${at}short_url_domain_id`, "short_url_domain_not_found", "The selected short URL domain was not found.");
      else if (domain.access !== "enabled") errors.add(`${at}short_url_domain_id`, "The selected short URL domain is not available.");
    }
    if (p.type === "sms") {
      for (const field of ["click_automation_campaign_id", "two_fa_automation_campaign_id", "tmo_limit_automation_campaign_id"] as const) {
        const id = p[field];
        if (id === null) continue;
        const target = await one<{ type: CampaignType }>(
          db,
          sql`SELECT type FROM campaigns WHERE team_id = ${team} AND id = ${id} AND deleted_at IS NULL`,
        );
        if (!target) errors.notFound(`${at}${field}`, "campaign_not_found", "The selected campaign was not found.");
        else if (!isTriggerType(target.type)) errors.add(`${at}${field}`, "Choose an SMS Trigger or Email Trigger campaign.");
      }
      if (p.state_attribute_id !== null) {
        const ok = await one(db, sql`SELECT 1 FROM lead_attributes WHERE team_id = ${team} AND id = ${p.state_attribute_id}`);
        if (!ok) errors.notFound(`${at}state_attribute_id`, "lead_attribute_not_found", "The selected attribute was not found.");
      }
    } else if (p.sender_email_group_id !== null) {
      const ok = await one(db, sql`SELECT 1 FROM sender_email_groups WHERE team_id = ${team} AND id = ${p.sender_email_group_id}`);
      if (!ok)
        errors.notFound(`${at}sender_email_group_id`, "sender_email_group_not_found", "The selected sender email group was not found.");
    }
  }
  errors.throwIfAny();
}

async function insertStep(
  tx: DbOrTx,
  ctx: TeamCtx,
  campaignId: number,
  parent: number | null,
  position: number,
  step: { name: string; delay: number; delay_time_period: string; type: string },
  part: SaveStepPart | null,
): Promise<number> {
  const cols = part ? stepColumns(part) : null;
  const row = await one<{ id: number }>(
    tx,
    sql`INSERT INTO campaign_steps (team_id, campaign_id, parent_step_id, position, type, name, delay, delay_time_period, message, subject,
          redirect_to, short_url_domain_id, click_automation_campaign_id, two_fa_automation_campaign_id, tmo_limit_automation_campaign_id, options)
        VALUES (${ctx.teamId}, ${campaignId}, ${parent}, ${position}, ${step.type}, ${step.name}, ${step.delay}, ${step.delay_time_period},
          ${cols?.message ?? ""}, ${cols?.subject ?? null}, ${cols?.redirect_to ?? null}, ${cols?.short_url_domain_id ?? null},
          ${cols?.click_automation_campaign_id ?? null}, ${cols?.two_fa_automation_campaign_id ?? null},
          ${cols?.tmo_limit_automation_campaign_id ?? null}, ${JSON.stringify(cols?.options ?? {})}::jsonb)
        RETURNING id`,
  );
  return row!.id;
}

async function updateStepRow(tx: DbOrTx, ctx: TeamCtx, id: number, step: SaveStep | SaveStepPart): Promise<void> {
  const cols = step.type === "split" ? null : stepColumns(step);
  await tx.execute(
    sql`UPDATE campaign_steps SET type = ${step.type}, name = ${step.name}, delay = ${step.delay}, delay_time_period = ${step.delay_time_period},
          message = ${cols?.message ?? ""}, subject = ${cols?.subject ?? null}, redirect_to = ${cols?.redirect_to ?? null},
          short_url_domain_id = ${cols?.short_url_domain_id ?? null}, click_automation_campaign_id = ${cols?.click_automation_campaign_id ?? null},
          two_fa_automation_campaign_id = ${cols?.two_fa_automation_campaign_id ?? null},
          tmo_limit_automation_campaign_id = ${cols?.tmo_limit_automation_campaign_id ?? null},
          options = ${JSON.stringify(cols?.options ?? {})}::jsonb, updated_at = now()
        WHERE team_id = ${ctx.teamId} AND id = ${id}`,
  );
}

async function insertParts(tx: DbOrTx, ctx: TeamCtx, campaignId: number, parent: number, parts: SaveStepPart[], from = 0) {
  for (const [i, p] of parts.entries()) await insertStep(tx, ctx, campaignId, parent, from + i, p, p);
}

export async function createStep(db: DbOrTx, ctx: TeamCtx, campaignId: number, input: SaveStep): Promise<CampaignStep> {
  const id = await db.transaction(async (tx) => {
    const c = await campaignOf(tx, ctx, campaignId, true);
    assertDraft(c);
    await checkStep(tx, ctx, c, input);
    const next = await one<{ n: number }>(
      tx,
      sql`SELECT coalesce(max(position) + 1, 0)::int AS n FROM campaign_steps WHERE campaign_id = ${campaignId} AND parent_step_id IS NULL`,
    );
    const id = await insertStep(tx, ctx, campaignId, null, next!.n, input, input.type === "split" ? null : input);
    if (input.type === "split") await insertParts(tx, ctx, campaignId, id, input.parts);
    const attributes = stepCreated((await stepSettings(tx, ctx.teamId, id))!);
    await recordCampaignChange(tx, { teamId: ctx.teamId, campaignId, type: "step_created", attributes, userId: ctx.userId });
    return id;
  });
  return getStep(db, ctx, id);
}

/**
 * Any time (a typo in a running campaign's next step can be fixed), but a step keeps its type once the campaign has
 * started, and a split's parts can be added or changed but not removed then (messages were planned for them).
 */
export async function updateStep(db: DbOrTx, ctx: TeamCtx, id: number, input: SaveStep): Promise<CampaignStep> {
  await db.transaction(async (tx) => {
    const s = await stepOf(tx, ctx, id, true);
    const c = await campaignOf(tx, ctx, s.campaign_id, true);
    await checkStep(tx, ctx, c, input);
    if (c.is_started && s.type !== input.type) {
      throw new AppError("campaign_field_locked", "The step type cannot be changed once the campaign has started.", {
        type: ["The step type cannot be changed once the campaign has started."],
      });
    }
    const before = await stepSettings(tx, ctx.teamId, id);
    await updateStepRow(tx, ctx, id, input);
    const existing = await rows<{ id: number }>(tx, sql`SELECT id FROM campaign_steps WHERE parent_step_id = ${id} ORDER BY position, id`);
    const parts = input.type === "split" ? input.parts : [];
    const kept = new Set(parts.flatMap((p) => (p.id !== undefined ? [p.id] : [])));
    const unknown = [...kept].filter((k) => !existing.some((e) => e.id === k));
    if (unknown.length) throw new AppError("campaign_step_not_found");
    const removed = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
    if (removed.length && c.is_started) {
      throw new AppError("campaign_field_locked", "Parts cannot be removed once the campaign has started.", {
        parts: ["Parts cannot be removed once the campaign has started."],
      });
    }
    if (removed.length) await tx.execute(sql`DELETE FROM campaign_steps WHERE parent_step_id = ${id} AND id = ANY(${intArray(removed)})`);
    for (const [i, p] of parts.entries()) {
      if (p.id !== undefined) {
        await updateStepRow(tx, ctx, p.id, p);
        await tx.execute(sql`UPDATE campaign_steps SET position = ${i} WHERE id = ${p.id}`);
      } else await insertStep(tx, ctx, c.id, id, i, p, p);
    }
    const attributes = stepChanged(before!, (await stepSettings(tx, ctx.teamId, id))!);
    if (attributes)
      await recordCampaignChange(tx, { teamId: ctx.teamId, campaignId: c.id, type: "step_updated", attributes, userId: ctx.userId });
  });
  return getStep(db, ctx, id);
}

export async function deleteStep(db: DbOrTx, ctx: TeamCtx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const s = await stepOf(tx, ctx, id, true);
    assertDraft(await campaignOf(tx, ctx, s.campaign_id, true));
    const gone = await stepSettings(tx, ctx.teamId, id);
    await tx.execute(sql`DELETE FROM campaign_steps WHERE team_id = ${ctx.teamId} AND (id = ${id} OR parent_step_id = ${id})`);
    const attributes = [{ name: "Step", value_to: gone?.name ?? null }];
    await recordCampaignChange(tx, { teamId: ctx.teamId, campaignId: s.campaign_id, type: "step_deleted", attributes, userId: ctx.userId });
  });
}

/** A copy of the step (and its parts) at the end of its campaign. */
export async function copyStep(db: DbOrTx, ctx: TeamCtx, id: number): Promise<CampaignStep> {
  const copy = await db.transaction(async (tx) => {
    const s = await stepOf(tx, ctx, id, true);
    assertDraft(await campaignOf(tx, ctx, s.campaign_id, true));
    const copied = await copyStepRows(
      tx,
      ctx,
      id,
      s.campaign_id,
      sql`(SELECT coalesce(max(position) + 1, 0) FROM campaign_steps
      WHERE campaign_id = ${s.campaign_id} AND parent_step_id IS NULL)`,
      " (copy)",
    );
    const from = [{ name: "Copied from", value_to: (await stepSettings(tx, ctx.teamId, id))?.name ?? null }];
    const attributes = stepCreated((await stepSettings(tx, ctx.teamId, copied))!, from);
    await recordCampaignChange(tx, { teamId: ctx.teamId, campaignId: s.campaign_id, type: "step_created", attributes, userId: ctx.userId });
    return copied;
  });
  return getStep(db, ctx, copy);
}

async function copyStepRows(
  tx: DbOrTx,
  ctx: TeamCtx,
  stepId: number,
  toCampaign: number,
  position: ReturnType<typeof sql>,
  suffix: string,
  parent: number | null = null,
): Promise<number> {
  const row = await one<{ id: number }>(
    tx,
    sql`INSERT INTO campaign_steps (team_id, campaign_id, parent_step_id, position, type, name, delay, delay_time_period, message, subject,
          redirect_to, short_url_domain_id, click_automation_campaign_id, two_fa_automation_campaign_id, tmo_limit_automation_campaign_id, options)
        SELECT team_id, ${toCampaign}, ${parent}, ${position}, type, left(name || ${suffix}, 191), delay, delay_time_period, message, subject,
          redirect_to, short_url_domain_id, click_automation_campaign_id, two_fa_automation_campaign_id, tmo_limit_automation_campaign_id, options
        FROM campaign_steps WHERE team_id = ${ctx.teamId} AND id = ${stepId}
        RETURNING id`,
  );
  const parts = await rows<{ id: number; position: number }>(
    tx,
    sql`SELECT id, position FROM campaign_steps WHERE parent_step_id = ${stepId} ORDER BY position, id`,
  );
  for (const p of parts) await copyStepRows(tx, ctx, p.id, toCampaign, sql`${p.position}`, "", row!.id);
  return row!.id;
}

/** Every step of a campaign into another (a campaign copy), in order, names unchanged. */
export async function copySteps(tx: DbOrTx, ctx: TeamCtx, from: number, to: number): Promise<void> {
  const steps = await rows<{ id: number; position: number }>(
    tx,
    sql`SELECT id, position FROM campaign_steps WHERE campaign_id = ${from} AND parent_step_id IS NULL ORDER BY position, id`,
  );
  for (const s of steps) await copyStepRows(tx, ctx, s.id, to, sql`${s.position}`, "");
}
