import type { Database } from "@leadflow/db";
import { applyStatusEventsUntilIdle, type CallbackRequest, receiveProviderCallback } from "@leadflow/domain";
import { type FakeSes, type FakeTwilioMessaging, fakeSnsFetch, sesEvent, snsNotification } from "@leadflow/domain/providers/fakes/index";
import { PUBLIC_URL } from "./dispatch-setup";
import { wakeGateways } from "./dispatch-wake";

/*
 * F15's callbacks: the provider's story of each message it accepted — Twilio queued → sent → delivered, some
 * undelivered or failed with Twilio's error codes, some never past sent (no receipt); SES Delivery, Bounce
 * (permanent and transient) and Complaint events through SNS — written as the fakes accepted them (the fake Twilio's
 * message API then answers the story's last status, as reconciliation reads it), and delivered as a careless network
 * would: shuffled, 20% twice, 10% never. Each goes through the hooks' own domain call (`receiveProviderCallback`:
 * the adapter verifies and parses it, the inbox stores it once), then the inbox is applied as the job does.
 */

/** Shares of the stories (the rest of SMS never get past `sent`; the rest of email get no event at all). */
const SMS_STORIES = { delivered: 0.84, inactive: 0.03, blocked: 0.02, failed: 0.03 };
const EMAIL_STORIES = { delivered: 0.88, bounced: 0.04, transient: 0.02, complained: 0.02 };
const DUPLICATED = 0.2;
const DROPPED = 0.1;
/** Callbacks posted at once (the hooks serve several requests at a time). */
const CONCURRENCY = 8;

interface Callback {
  hook: { channel: "sms"; endpoint: "status" } | { channel: "email"; endpoint: "sns" };
  gatewayId: number;
  request: CallbackRequest;
}

export interface CallbackFigures {
  /** Callbacks the providers' stories hold, and what became of them on the way. */
  written: number;
  posted: number;
  duplicated: number;
  dropped: number;
  /** Callbacks the hook refused (a bad signature, an unknown gateway): none expected. */
  refused: number;
}

export interface CallbackStorm {
  /** The stories of the messages accepted since the last round, delivered; then the inbox applied. */
  round(): Promise<void>;
  figures: CallbackFigures;
}

/** The fake Twilio numbers the messages it creates in order (fake-twilio-messaging.ts). */
const twilioSid = (nth: number) => `SM${nth.toString(16).padStart(32, "0")}`;

export function callbackStorm(
  database: Database,
  fakes: { twilio: FakeTwilioMessaging; ses: FakeSes },
  gateways: { sms: number; email: number },
  random: () => number = Math.random,
): CallbackStorm {
  const figures: CallbackFigures = { written: 0, posted: 0, duplicated: 0, dropped: 0, refused: 0 };
  // SNS certificates come from the test certificate (fake-sns.ts), as the hooks would fetch AWS's.
  const env = { publicUrl: PUBLIC_URL, providerOptions: { fetch: fakeSnsFetch().fetch } };
  let smsSeen = 0;
  let emailSeen = 0;

  function smsStory(nth: number, fields: Record<string, string>): Callback[] {
    const sid = twilioSid(nth);
    const roll = random();
    const s = SMS_STORIES;
    const [last, code] =
      roll < s.delivered
        ? ["delivered", null]
        : roll < s.delivered + s.inactive
          ? ["undelivered", "30003"]
          : roll < s.delivered + s.inactive + s.blocked
            ? ["undelivered", "30007"]
            : roll < s.delivered + s.inactive + s.blocked + s.failed
              ? ["failed", "30008"]
              : ["sent", null];
    fakes.twilio.setStatus(sid, last, code);
    const statuses = last === "sent" ? ["queued", "sent"] : ["queued", "sent", last];
    const url = fields.StatusCallback ?? "";
    return statuses.map((status) => ({
      hook: { channel: "sms", endpoint: "status" },
      gatewayId: gateways.sms,
      request: fakes.twilio.callback(url, {
        AccountSid: fakes.twilio.accountSid,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        To: fields.To ?? "",
        From: fields.From ?? "",
        ApiVersion: "2010-04-01",
        ...(status === last && code ? { ErrorCode: code } : {}),
      }),
    }));
  }

  function emailStory(sent: FakeSes["sent"][number]): Callback[] {
    const tags: Record<string, string[]> = {};
    for (const t of (sent.body.EmailTags ?? []) as { Name: string; Value: string }[]) tags[t.Name] = [t.Value];
    const to = String((sent.body.Destination as { ToAddresses?: string[] } | undefined)?.ToAddresses?.[0] ?? "");
    const roll = random();
    const s = EMAIL_STORIES;
    const recipient = { emailAddress: to, diagnosticCode: "smtp; 550 5.1.1 user unknown" };
    const events: [string, Record<string, unknown>][] =
      roll < s.delivered
        ? [["Delivery", { recipients: [to] }]]
        : roll < s.delivered + s.bounced
          ? [["Bounce", { bounceType: "Permanent", bounceSubType: "General", bouncedRecipients: [recipient] }]]
          : roll < s.delivered + s.bounced + s.transient
            ? [["Bounce", { bounceType: "Transient", bounceSubType: "MailboxFull", bouncedRecipients: [recipient] }]]
            : roll < s.delivered + s.bounced + s.transient + s.complained
              ? [
                  ["Delivery", { recipients: [to] }],
                  ["Complaint", { complaintFeedbackType: "abuse", complainedRecipients: [{ emailAddress: to }] }],
                ]
              : [];
    return events.map(([type, detail], k) => ({
      hook: { channel: "email", endpoint: "sns" },
      gatewayId: gateways.email,
      request: {
        method: "POST",
        url: `${PUBLIC_URL}/hooks/email/${gateways.email}/sns`,
        headers: { "content-type": "text/plain; charset=UTF-8", "x-amz-sns-message-type": "Notification" },
        rawBody: JSON.stringify(snsNotification(sesEvent(type, detail, tags, sent.messageId), { messageId: `${sent.messageId}-${k}` })),
      },
    }));
  }

  /** The round's callbacks as the network hands them over: some lost, some twice, in any order. */
  function deliveries(written: Callback[]): Callback[] {
    const out: Callback[] = [];
    for (const c of written) {
      if (random() < DROPPED) {
        figures.dropped++;
        continue;
      }
      out.push(c);
      if (random() < DUPLICATED) {
        figures.duplicated++;
        out.push(c);
      }
    }
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  async function post(list: Callback[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const c = list[next++]!;
        try {
          await receiveProviderCallback(database.db, c.hook, c.gatewayId, c.request, env);
          figures.posted++;
        } catch {
          figures.refused++;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }

  return {
    figures,
    async round() {
      const written: Callback[] = [];
      const sms = fakes.twilio.messages;
      for (; smsSeen < sms.length; smsSeen++) written.push(...smsStory(smsSeen + 1, (sms[smsSeen]!.json ?? {}) as Record<string, string>));
      const email = fakes.ses.sent;
      for (; emailSeen < email.length; emailSeen++) written.push(...emailStory(email[emailSeen]!));
      figures.written += written.length;
      await post(deliveries(written));
      // What the callbacks planned (a next step, a welcome) wakes its gateway, as the applier job does.
      const applied = await applyStatusEventsUntilIdle(database.db);
      await wakeGateways(database, applied.wake);
    },
  };
}
