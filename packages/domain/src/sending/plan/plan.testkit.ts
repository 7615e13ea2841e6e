import { SaveCampaign, SaveStep } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { attachAudience, createCampaign, createStep } from "../../campaigns";
import { createGateway } from "../../gateways";
import type { TeamCtx } from "../../shared/context";
import { one } from "../../shared/rows";
import { makeFactory } from "../../testing/factory";

/** A lead as the engine's tests make it: its phone with the lookup's zone, state and carrier, and its email. */
export interface LeadSpec {
  phone?: string;
  email?: string;
  timezone?: string | null;
  state?: string | null;
  carrier?: string;
}

/** Test data for the engine: a team with sandbox gateways, leads in a list, and campaigns over that list. */
export function sendingTestkit(database: Database) {
  const db = database.db;
  const factory = makeFactory(database);

  /** A team with a sandbox SMS gateway of three numbers, a sandbox email gateway and a list holding `leads`. */
  async function setup(leads: LeadSpec[]) {
    const { ctx } = await factory.team();
    const base = { type: "sandbox", active: true, allow_lookup: false, is_force: false, params: {} };
    const numbers = ["+12015550101", "+12015550102", "+12015550103"];
    const sms = await createGateway(db, ctx, {
      ...base,
      kind: "sms",
      name: "Sandbox SMS",
      senders: { numbers: numbers.map((number) => ({ number })) },
    } as never);
    const email = await createGateway(db, ctx, { ...base, kind: "email", name: "Sandbox Email" } as never);
    const source = await factory.source(ctx);
    const list = await factory.list(ctx, source.id);
    const leadIds: number[] = [];
    for (const l of leads) {
      const lead = await one<{ id: number }>(db, sql`INSERT INTO leads (team_id, status) VALUES (${ctx.teamId}, 1) RETURNING id`);
      leadIds.push(lead!.id);
      if (l.phone)
        await db.execute(
          sql`INSERT INTO lead_phones (team_id, lead_id, phone, timezone, state, carrier_name)
              VALUES (${ctx.teamId}, ${lead!.id}, ${l.phone}, ${l.timezone ?? null}, ${l.state ?? null}, ${l.carrier ?? null})`,
        );
      if (l.email) await db.execute(sql`INSERT INTO lead_emails (team_id, lead_id, email) VALUES (${ctx.teamId}, ${lead!.id}, ${l.email})`);
      await db.execute(sql`INSERT INTO list_leads (team_id, list_id, lead_id) VALUES (${ctx.teamId}, ${list.id}, ${lead!.id})`);
    }
    return { ctx, sms, email, list, numbers, leadIds };
  }

  /** A campaign over the list with its steps (a draft: tests set the status they need). */
  async function campaign(ctx: TeamCtx, listId: number, input: object, steps: object[] = [{ type: "sms", name: "Hello", message: "Hi" }]) {
    const c = await createCampaign(db, ctx, SaveCampaign.parse({ name: "Spring", type: "sms", sender_type: "gateway", ...input }));
    for (const s of steps) await createStep(db, ctx, c.id, SaveStep.parse(s));
    await attachAudience(db, ctx, c.id, "list", { ids: [listId] });
    return c;
  }

  return { setup, campaign };
}

/**
 * At the top of an engine test file: a fresh migrated database for the file (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set) and the test data helpers on it.
 */
export function useSendingTestkit() {
  let database: Database | undefined;
  let kit: ReturnType<typeof sendingTestkit> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    kit = sendingTestkit(database);
  });
  afterAll(() => database?.close());
  return {
    db: () => database!.db,
    database: () => database!,
    setup: (...args: Parameters<ReturnType<typeof sendingTestkit>["setup"]>) => kit!.setup(...args),
    campaign: (...args: Parameters<ReturnType<typeof sendingTestkit>["campaign"]>) => kit!.campaign(...args),
  };
}
