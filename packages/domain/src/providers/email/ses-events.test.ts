import { describe, expect, it } from "vitest";
import { callbackHmac } from "../callback-signing";
import { fakeSnsFetch, sesEvent, snsNotification, snsSubscriptionConfirmation, TEST_TOPIC_ARN } from "../fakes/fake-sns";
import type { CallbackRequest, CallbackResult, SendContext } from "../send-types";
import { sesSendAdapter } from "./ses-send.adapter";
import { isSnsUrl } from "./sns-verify";

const ctx: SendContext = { gatewayId: 9, publicUrl: "https://app.example.test", callbackSecret: "gateway-9-callback-secret" };
const params = { key: "AKIAEXAMPLEEXAMPLE00", secret: "secret-never-used-here", region: "us-east-1" };
const tags = (messageId: string, sig = callbackHmac(ctx.callbackSecret, messageId)) => ({
  "leadflow-message": [messageId],
  "leadflow-sig": [sig],
});

function setup(opts: { certificateFails?: boolean } = {}) {
  const sns = fakeSnsFetch(opts);
  const adapter = sesSendAdapter(params, ctx, { fetch: sns.fetch, timeoutMs: 1000 });
  const post = (body: unknown, method = "POST"): Promise<CallbackResult> => {
    const req: CallbackRequest = {
      method,
      url: "https://app.example.test/hooks/email/9/sns",
      headers: { "content-type": "text/plain; charset=UTF-8", "x-amz-sns-message-type": "Notification" },
      rawBody: typeof body === "string" ? body : JSON.stringify(body),
    };
    return adapter.parseCallback(req);
  };
  return { sns, post };
}

describe("SES event notifications over SNS", () => {
  it.each([
    ["1", "Delivery", { timestamp: "2026-01-15T10:00:01.000Z", smtpResponse: "250 ok" }, "delivered", null, null],
    ["2", "Delivery", { timestamp: "2026-01-15T10:00:01.000Z" }, "delivered", null, null],
    [
      "1",
      "Bounce",
      {
        bounceType: "Permanent",
        bounceSubType: "General",
        timestamp: "2026-01-15T10:00:01.000Z",
        bouncedRecipients: [{ emailAddress: "lead@example.com", diagnosticCode: "smtp; 550 5.1.1 user unknown" }],
      },
      "bounced",
      "Permanent:General",
      "smtp; 550 5.1.1 user unknown",
    ],
    [
      "1",
      "Bounce",
      { bounceType: "Transient", bounceSubType: "MailboxFull", timestamp: "2026-01-15T10:00:01.000Z" },
      "failed",
      "Transient:MailboxFull",
      null,
    ],
    ["1", "Complaint", { complaintFeedbackType: "abuse", timestamp: "2026-01-15T10:00:01.000Z" }, "complained", "abuse", null],
    ["2", "Open", { timestamp: "2026-01-15T10:00:01.000Z", ipAddress: "192.0.2.1" }, "opened", null, null],
    ["2", "Click", { timestamp: "2026-01-15T10:00:01.000Z", link: "https://example.com" }, "clicked", null, null],
    ["1", "Reject", { reason: "Bad content" }, "failed", "Reject", "Bad content"],
    [
      "1",
      "Rendering Failure",
      { errorMessage: "Attribute 'name' is not present" },
      "failed",
      "RenderingFailure",
      "Attribute 'name' is not present",
    ],
  ] as const)("SignatureVersion %s: %s → %s", async (version, type, detail, status, errorCode, errorMessage) => {
    const { post } = setup();
    const n = snsNotification(sesEvent(type, detail, tags("m-77"), "ses-id-1"), { version });
    expect(await post(n)).toEqual({
      kind: "status",
      events: [
        {
          eventId: n.MessageId,
          messageId: "m-77",
          providerId: "ses-id-1",
          status,
          errorCode,
          errorMessage,
          occurredAt: "timestamp" in detail ? detail.timestamp : "2026-01-15T09:58:00.000Z",
        },
      ],
    });
  });

  it("reads a Send event as sent, and leaves events the product does not use", async () => {
    const { post } = setup();
    expect(await post(snsNotification(sesEvent("Send", {}, tags("m-1"))))).toMatchObject({ kind: "status", events: [{ status: "sent" }] });
    expect(await post(snsNotification(sesEvent("DeliveryDelay", { delayType: "MailboxFull" }, tags("m-1"))))).toMatchObject({
      kind: "ignored",
    });
    expect(await post(snsNotification(sesEvent("Delivery", {}, {})))).toEqual({
      kind: "ignored",
      reason: "The notification is about a message Leadflow did not send.",
    });
  });

  it("gives a redelivered notification the same event id, and parses out-of-order events each with its status", async () => {
    const { post } = setup();
    const delivered = snsNotification(sesEvent("Delivery", { timestamp: "2026-01-15T10:00:02.000Z" }, tags("m-5")));
    const sent = snsNotification(sesEvent("Send", {}, tags("m-5")));
    const first = await post(delivered);
    const again = await post(delivered);
    const late = await post(sent);
    expect(first).toEqual(again);
    expect(first.kind === "status" && first.events[0]!.eventId).toBe(delivered.MessageId);
    expect(late).toMatchObject({ kind: "status", events: [{ messageId: "m-5", status: "sent", eventId: sent.MessageId }] });
  });

  it("refuses forged and altered notifications", async () => {
    const { post, sns } = setup();
    const good = snsNotification(sesEvent("Delivery", {}, tags("m-9")));
    const invalid = { kind: "invalid" };
    // Signed by someone else's key: the signature bytes do not verify against the certificate.
    expect(await post({ ...good, Signature: Buffer.from("forged").toString("base64") })).toMatchObject(invalid);
    // Signed, then changed: the status, the message id, the type.
    expect(await post({ ...good, Message: good.Message.replace("Delivery", "Complaint") })).toMatchObject(invalid);
    expect(await post({ ...good, MessageId: "another-id" })).toMatchObject(invalid);
    expect(await post({ ...good, SignatureVersion: "3" })).toMatchObject(invalid);
    // A certificate from anywhere but SNS is never fetched.
    const calls = sns.calls.length;
    expect(await post({ ...good, SigningCertURL: "https://evil.example.com/cert.pem" })).toEqual({
      kind: "invalid",
      reason: "The signing certificate is not on an Amazon SNS host.",
    });
    expect(sns.calls.length).toBe(calls);
    // A genuine SNS message about an SES event whose tag signature is not ours (someone else's topic).
    expect(await post(snsNotification(sesEvent("Complaint", {}, tags("m-9", "0".repeat(64)))))).toEqual({
      kind: "invalid",
      reason: "The message tag's signature does not match.",
    });
    expect(await post("not json")).toMatchObject(invalid);
    expect(await post({ Type: "Notification" })).toMatchObject(invalid);
    expect(await post(good, "GET")).toMatchObject(invalid);
    expect(await post(good)).toMatchObject({ kind: "status" });
  });

  it("confirms a subscription by fetching its SubscribeURL, only on an SNS host", async () => {
    const { post, sns } = setup();
    const subscribe = "https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=x&Token=2336412f";
    expect(await post(snsSubscriptionConfirmation(subscribe, "2"))).toEqual({
      kind: "ignored",
      reason: `Subscribed to ${TEST_TOPIC_ARN}.`,
    });
    expect(sns.calls).toContain(subscribe);

    const evil = "https://sns.us-east-1.amazonaws.com.evil.example/?Action=ConfirmSubscription";
    expect(await post(snsSubscriptionConfirmation(evil))).toMatchObject({ kind: "invalid" });
    expect(sns.calls).not.toContain(evil);
  });

  it("fails (so SNS retries) when the certificate cannot be fetched, storing nothing", async () => {
    const { post } = setup({ certificateFails: true });
    const n = snsNotification(sesEvent("Delivery", {}, tags("m-3")), {
      certUrl: "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-unreachable.pem",
    });
    await expect(post(n)).rejects.toThrow(/certificate could not be read: HTTP 503/);
  });

  it("trusts only https SNS hosts", () => {
    expect(isSnsUrl("https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem", "certificate")).toBe(true);
    expect(isSnsUrl("https://sns.cn-north-1.amazonaws.com.cn/SimpleNotificationService-abc.pem", "certificate")).toBe(true);
    expect(isSnsUrl("http://sns.us-east-1.amazonaws.com/x.pem", "certificate")).toBe(false);
    expect(isSnsUrl("https://sns.us-east-1.amazonaws.com/x.txt", "certificate")).toBe(false);
    expect(isSnsUrl("https://sns.us-east-1.amazonaws.com:8443/x.pem", "certificate")).toBe(false);
    expect(isSnsUrl("https://user@sns.us-east-1.amazonaws.com/x.pem", "certificate")).toBe(false);
    expect(isSnsUrl("https://s3.amazonaws.com/x.pem", "certificate")).toBe(false);
    expect(isSnsUrl("https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription", "subscribe")).toBe(true);
  });
});
