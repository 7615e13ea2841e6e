import { CreateSegment } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { createList } from "../lists";
import { createSegment, rebuildSegments } from "../segments";
import { completeFinishedCampaigns } from "../sending";
import type { TeamCtx } from "../shared/context";
import type { JobSender } from "../shared/jobs";
import { one, rows } from "../shared/rows";
import { createSource } from "../sources";
import { engageDemo } from "./demo-engagement";
import { type DemoList, importDemoPeople } from "./demo-leads";
import { DEMO_SMS_LISTS, type DemoListName, demoListMembers, demoPeople } from "./demo-people";
import {
  CapturedCallbacks,
  type DemoSendEnv,
  deliverCallbacks,
  demoHookEnv,
  dispatchDemo,
  dueNow,
  startDemoCampaign,
} from "./demo-sending";

/*
 * The demo team's history, so every screen has something true on it: 270 leads in its five lists, an audience of
 * its New York leads, and two finished campaigns — texts to the Facebook lists, a newsletter to the others — with
 * deliveries and failures, clicks, opens, a reply, a STOP, an unsubscribe and sales. Made by the product's own
 * functions in the order a real team's week would make them.
 */

/** The demo's sources and their lists (demo.seed.ts makes them on a new team; an older demo may lack some). */
export const DEMO_SOURCES: Record<string, readonly DemoListName[]> = {
  "Facebook Ads": ["Spring campaign", "Retargeting"],
  "Google Ads": ["Search — insurance", "Display"],
  "Partner referrals": ["Q4 partners"],
};

/** Jobs the functions below would queue: the seed does their work itself right after (the audience's rebuild). */
const doneHere: JobSender = { send: async () => null };

/** Each demo list by name: found in its source, or made again when someone removed it. */
async function demoLists(db: Db, ctx: TeamCtx): Promise<DemoList[]> {
  const out: DemoList[] = [];
  for (const [sourceName, names] of Object.entries(DEMO_SOURCES)) {
    const found = await one<{ id: number }>(db, sql`SELECT id FROM sources WHERE team_id = ${ctx.teamId} AND name = ${sourceName} LIMIT 1`);
    const sourceId = found?.id ?? (await createSource(db, ctx, { name: sourceName })).id;
    for (const name of names) {
      const list = await one<{ id: number }>(
        db,
        sql`SELECT id FROM lists WHERE team_id = ${ctx.teamId} AND source_id = ${sourceId} AND name = ${name} LIMIT 1`,
      );
      out.push({ id: list?.id ?? (await createList(db, ctx, sourceId, { name })).id, source: sourceName, name });
    }
  }
  return out;
}

/** The demo's senders by name; null when someone removed one (the campaigns then stay out). */
async function demoSenders(db: Db, ctx: TeamCtx): Promise<{ sms: number; email: number; pool: number } | null> {
  const named = await rows<{ kind: string; id: number }>(
    db,
    sql`SELECT 'sms' AS kind, id FROM gateways WHERE team_id = ${ctx.teamId} AND kind = 'sms' AND type = 'sandbox' AND name = 'Sandbox SMS' AND active
        UNION ALL SELECT 'email', id FROM gateways WHERE team_id = ${ctx.teamId} AND kind = 'email' AND type = 'sandbox' AND name = 'Sandbox Email' AND active
        UNION ALL SELECT 'pool', id FROM campaign_pools WHERE team_id = ${ctx.teamId} AND name = 'Demo pool'`,
  );
  const id = (kind: string) => named.find((r) => r.kind === kind)?.id;
  const [sms, email, pool] = [id("sms"), id("email"), id("pool")];
  return sms && email && pool ? { sms, email, pool } : null;
}

/** An audience of the New York leads (dynamic: new ones join), built now as its rebuild job would. */
async function newYorkAudience(db: Db, ctx: TeamCtx): Promise<void> {
  const state = await one<{ id: number }>(db, sql`SELECT id FROM lead_attributes WHERE team_id = ${ctx.teamId} AND slug = 'state'`);
  if (!state) return;
  const input = CreateSegment.parse({
    name: "New York leads",
    filters: { attributes: [{ attribute_id: state.id, expression: "equals", values: ["NY"] }] },
  });
  const segment = await createSegment(db, doneHere, ctx, input);
  await rebuildSegments(db, ctx.teamId, [segment.id]);
}

const EMAIL_HTML = `<p>Hi {{first_name}},</p>
<p>Our spring sale starts today: up to 40% off everything in the shop until Sunday.</p>
<p><a href="{{link}}">Shop the spring sale</a></p>
<p style="color:#777;font-size:12px">You get this mail because you signed up at Demo Deals. <a href="{{unsubscribe_url}}">Unsubscribe</a></p>`;

/** Adds the history to the demo team; answers false when its sandbox senders are gone (leads and audience only). */
export async function seedDemoActivity(db: Db, ctx: TeamCtx, env: DemoSendEnv): Promise<boolean> {
  const lists = await demoLists(db, ctx);
  const personOf = await importDemoPeople(db, ctx, demoListMembers(demoPeople()), lists);
  await newYorkAudience(db, ctx);
  const senders = await demoSenders(db, ctx);
  if (!senders) return false;
  const listIds = (texting: boolean) => lists.filter((l) => DEMO_SMS_LISTS.includes(l.name) === texting).map((l) => l.id);
  const smsCampaignId = await startDemoCampaign(db, ctx, {
    campaign: { name: "Spring sale (SMS)", type: "sms", sender_type: "pool", pool_id: senders.pool },
    step: {
      type: "sms",
      name: "Spring sale",
      message: "Hi {{first_name}}, the Demo Deals spring sale is on: up to 40% off until Sunday. {{link}} Reply STOP to opt out.",
      redirect_to: "https://shop.example.com/spring-sale",
      is_tracking_revenue: true,
    },
    listIds: listIds(true),
  });
  await dueNow(db, smsCampaignId);
  const emailCampaignId = await startDemoCampaign(db, ctx, {
    campaign: { name: "Spring newsletter (email)", type: "email", sender_type: "gateway", setting_gateway_id: senders.email },
    step: {
      type: "email",
      name: "Spring newsletter",
      sender_type: "email",
      sender_email: "campaigns@sandbox.leadflow.test",
      from_name: "Demo Deals",
      subject: "{{first_name}}, our spring sale starts today",
      message: EMAIL_HTML,
      redirect_to: "https://shop.example.com/spring-sale?click_id={click_id}",
      is_tracking_opens: true,
    },
    listIds: listIds(false),
  });
  const callbacks = new CapturedCallbacks();
  await dispatchDemo(db, senders.sms, callbacks, env);
  await dispatchDemo(db, senders.email, callbacks, env);
  await deliverCallbacks(db, callbacks, demoHookEnv(env));
  const campaigns = [smsCampaignId, emailCampaignId];
  await completeFinishedCampaigns(db, campaigns);
  await engageDemo(db, ctx, { personOf }, { smsCampaignId, emailCampaignId, smsGatewayId: senders.sms }, env);
  // The STOP's confirmation goes out through the gateway's dispatcher, as every answer does.
  await dispatchDemo(db, senders.sms, callbacks, env);
  await deliverCallbacks(db, callbacks, demoHookEnv(env));
  return true;
}
