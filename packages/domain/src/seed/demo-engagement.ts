import type { Db } from "@leadflow/db";
import { type HitRequest, LinkService } from "../links";
import { simulateSandboxInbound } from "../provider-events";
import { createRevenueTracking, receivePostback, revenueTrackingSecret, signPostback } from "../revenue";
import { unsubscribeByLink } from "../sending";
import type { TeamCtx } from "../shared/context";
import type { DemoPerson } from "./demo-people";
import { type DemoSendEnv, demoHookEnv, type SentMessage, sentMessages } from "./demo-sending";
import { ANDROID, DESKTOP, DemoVisitors, IPHONE, IPHONE_MAIL, SLACK_PREVIEW } from "./demo-visitors";

/*
 * What the demo's people did with the messages, each through the door a real one uses: a short link opened (the
 * redirect service, whose hits are written by its click flush), a mail opened (its open pixel), a reply and a STOP
 * texted back (the sandbox's inbound hook), an email's unsubscribe link posted, and a partner's signed postback for
 * a click that bought something. Who does what is a fixed pick among the delivered messages: the same on every install.
 */

export interface DemoAudience {
  /** The demo person behind each lead id. */
  personOf: Map<number, DemoPerson>;
}

interface Picked {
  message: SentMessage;
  person: DemoPerson;
}

/** Delivered messages, every `every`-th of them (from `offset`), with their people. */
function pick(sent: SentMessage[], audience: DemoAudience, every: number, offset: number): Picked[] {
  const delivered = sent.filter((m) => m.state === "delivered");
  return delivered
    .filter((_, i) => i % every === offset)
    .flatMap((message) => {
      const person = audience.personOf.get(message.lead_id);
      return person ? [{ message, person }] : [];
    });
}

/** The short link's code in a message: the app's address followed by 10–11 base62 characters and nothing more. */
function codeIn(body: string, publicUrl: string): string | null {
  const prefix = `${publicUrl}/`;
  for (let at = body.indexOf(prefix); at >= 0; at = body.indexOf(prefix, at + 1)) {
    const code = /^([0-9A-Za-z]{10,11})(?![0-9A-Za-z/?])/.exec(body.slice(at + prefix.length))?.[1];
    if (code) return code;
  }
  return null;
}

/** A person opens the link in their message; answers the click id the landing page received, when tracked. */
async function openLink(links: LinkService, req: HitRequest, code: string): Promise<string | null> {
  const answer = await links.click(code, req);
  if (answer.kind !== "redirect") return null;
  return new URL(answer.location).searchParams.get("click_id");
}

export interface DemoEngagement {
  smsCampaignId: number;
  emailCampaignId: number;
  smsGatewayId: number;
}

/** Clicks, opens, replies, a STOP, an unsubscribe and conversions on the two demo campaigns. */
export async function engageDemo(db: Db, ctx: TeamCtx, audience: DemoAudience, ids: DemoEngagement, env: DemoSendEnv): Promise<void> {
  const visitors = new DemoVisitors();
  const links = new LinkService(db, { geo: visitors });
  const sms = await sentMessages(db, ids.smsCampaignId);
  const email = await sentMessages(db, ids.emailCampaignId);
  const converted: { clickId: string; amount: string }[] = [];

  // Texts: one in six delivered opens the link, on the phone it came to; one of them twice, and one link is
  // pasted into Slack first (its preview is stored, flagged, not counted).
  const smsClicks = pick(sms, audience, 6, 1);
  for (const [i, { message, person }] of smsClicks.entries()) {
    const code = codeIn(message.body, env.publicUrl);
    if (!code) continue;
    const url = `${env.publicUrl}/${code}`;
    if (i === 2) await links.click(code, visitors.preview(url, SLACK_PREVIEW));
    const clickId = await openLink(links, visitors.visit(person, url, i % 3 === 0 ? ANDROID : IPHONE), code);
    if (i === 0) await openLink(links, visitors.visit(person, url, IPHONE), code);
    if (clickId && i % 4 === 1) converted.push({ clickId, amount: ["49.00", "129.50", "24.99", "89.00"][converted.length % 4]! });
  }

  // Mails: one in three opens it (Apple Mail loads the pixel), one in eight clicks through, on a phone or a desktop.
  for (const { message, person } of pick(email, audience, 3, 0)) {
    const pixel = /\/o\/(\d+)\/([0-9a-fA-F]+)/.exec(message.body);
    if (pixel) await links.open(Number(pixel[1]), pixel[2]!, visitors.visit(person, pixel[0], IPHONE_MAIL));
  }
  for (const [i, { message, person }] of pick(email, audience, 8, 2).entries()) {
    const code = codeIn(message.body, env.publicUrl);
    if (!code) continue;
    const clickId = await openLink(links, visitors.visit(person, `${env.publicUrl}/${code}`, i % 2 ? DESKTOP : IPHONE), code);
    if (clickId && i === 1) converted.push({ clickId, amount: "79.00" });
  }
  // The redirect answers first and writes its hits in batches; here all of them now.
  await links.close();

  await replies(db, ctx, pick(sms, audience, 6, 4), ids.smsGatewayId, env);
  await unsubscribe(db, pick(email, audience, 8, 5)[0]);
  await conversions(db, ctx, converted, env);
}

/** Two people text back: a question (a conversation to answer) and a STOP (an opt-out, confirmed by text). */
async function replies(db: Db, ctx: TeamCtx, repliers: Picked[], gatewayId: number, env: DemoSendEnv): Promise<void> {
  const texts = ["Is the 40% off good in store too?", "STOP"];
  for (const [i, { message }] of repliers.slice(0, texts.length).entries()) {
    if (!message.sender) continue;
    await simulateSandboxInbound(db, ctx, gatewayId, { from: message.address, to: message.sender, body: texts[i]! }, demoHookEnv(env));
  }
}

/** A reader posts the unsubscribe link of their mail (the page's button; opening it only asks). */
async function unsubscribe(db: Db, reader: Picked | undefined): Promise<void> {
  const link = reader && /\/unsubscribe\/(\d+)\?sig=([0-9a-fA-F]+)/.exec(reader.message.body);
  if (link) await unsubscribeByLink(db, link[1]!, link[2]);
}

/** The shop's postbacks for the clicks that bought: signed with the tracking's secret, as a partner signs them. */
async function conversions(db: Db, ctx: TeamCtx, sales: { clickId: string; amount: string }[], env: DemoSendEnv): Promise<void> {
  const tracking = await createRevenueTracking(db, ctx, { name: "Demo shop" }, { appUrl: env.publicUrl });
  const { secret } = await revenueTrackingSecret(db, ctx, tracking.id);
  const token = new URL(tracking.postback_url).pathname.split("/").pop()!;
  for (const sale of sales)
    await receivePostback(db, { token, click_id: sale.clickId, amount: sale.amount, sig: signPostback(secret, sale.clickId, sale.amount) });
}
