import { sign } from "node:crypto";
import { type SnsMessage, snsCertificates, snsStringToSign } from "../email/sns-verify";

/*
 * Amazon SNS notifications for tests: a self-signed certificate and its key (made for these tests with
 * `openssl req -x509 -newkey rsa:2048`; it signs nothing anywhere else), messages signed the way SNS signs them
 * (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA), and a fetch that serves the certificate at an SNS-looking
 * URL and records what else was fetched (SubscribeURL confirmations).
 */

export const TEST_SNS_CERT_URL = "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-leadflowtest.pem";

export const TEST_SNS_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIDRTCCAi2gAwIBAgIUKQPD7cNU6ri3SNJKbl9jx4cLDKMwDQYJKoZIhvcNAQEL
BQAwMTEvMC0GA1UEAwwmc25zLmFtYXpvbmF3cy5jb20gKExlYWRmbG93IHRlc3Qg
b25seSkwIBcNMjYxMTI2MTIyNTM3WhgPMjEyNjExMDIxMjI1MzdaMDExLzAtBgNV
BAMMJnNucy5hbWF6b25hd3MuY29tIChMZWFkZmxvdyB0ZXN0IG9ubHkpMIIBIjAN
BgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA3jq/cEIottm7Gu2KM4f6Phkrz+nQ
UPO3Cv2OwjhufJud/NhTvrNtfSjOGxN1WzCfcTH5hUPyot8Ce+i7FYKp1jaZ+4si
y5HYoeB2Ogm291UyujBJlivUHGs259NpaOo4pChVRWDDzo4V8QSWJvsUjpfrnC8b
J6wEa50BvlkmCglwZJpFTqTk+KNSYAMWO99yYNF4Dw3jmbtxZK5rEGYTVKsph7NX
kg+xrAKeBttepvGiQ9bbIm4llm93LZ684gpXMYa+TmGIXDl8UY5knoRUf2gEGw/J
witS1vRhnlS3YLUKB0b9cjMkpxd4MxEOm45QXn1W1hIbB/u73q+X02d5AQIDAQAB
o1MwUTAdBgNVHQ4EFgQUHZniDWVwRYct7kAhw4YlybyHrKgwHwYDVR0jBBgwFoAU
HZniDWVwRYct7kAhw4YlybyHrKgwDwYDVR0TAQH/BAUwAwEB/zANBgkqhkiG9w0B
AQsFAAOCAQEAr+KagB5Xs78sP/qQkDdzSZgjHnfRFJfaUAQIyC1U9THParnHHT2c
5mRvApfFkqZNh0P3FlXDOCXhdOgQPD58DOTwtpMWcyycLMOiPYzVaxQTSBp6k7Nk
AZmmprvH0SYOf4JuHT/QYjofLAj49la0lNZA8wuW1VDVOyS4pJNlknbB05q/egop
+5T+N4NFMTncb4t9Mt+oQlk4R+1wI6fJLnUu1VsharMv6fQX4E/AhRDQsH4jGXYi
L+Jj5WC6GSwNBaw8bMr2S+n4MCNer9uJSTKY6H/4DLXC96RoThs6mk7ALEQUDF+H
Xg7DBTraKAcQxQCs8S5K+2BKJOp68DOhyw==
-----END CERTIFICATE-----`;

const TEST_SNS_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDeOr9wQii22bsa
7Yozh/o+GSvP6dBQ87cK/Y7COG58m5382FO+s219KM4bE3VbMJ9xMfmFQ/Ki3wJ7
6LsVgqnWNpn7iyLLkdih4HY6Cbb3VTK6MEmWK9Qcazbn02lo6jikKFVFYMPOjhXx
BJYm+xSOl+ucLxsnrARrnQG+WSYKCXBkmkVOpOT4o1JgAxY733Jg0XgPDeOZu3Fk
rmsQZhNUqymHs1eSD7GsAp4G216m8aJD1tsibiWWb3ctnrziClcxhr5OYYhcOXxR
jmSehFR/aAQbD8nCK1LW9GGeVLdgtQoHRv1yMySnF3gzEQ6bjlBefVbWEhsH+7ve
r5fTZ3kBAgMBAAECggEAGJc/n9hyUOl+/tfSNymQ01ZNttAUsSCG3Lx6E5vS/g7q
SJRXj/6i2vqs8+oPTmvu+MOi7NA8BTHQQI3cReETkhSwrVkUHJqi8ia4bmusx2my
F1BIlEl9SzfB9505SNbCNcgQx4CRqkWmv+jWBLI78Bt3guzjgFxUkOPq0Xlj8DAu
VAvzQJedl/1eJmrLWvdf79OTFCs0bTioAvZg5yOwQhhqeqAVOiU6Fa9kZGdtYu8J
G/HgfFtevTbw0XHdgJiI+7wQzmYv5yENf+lbpi/FoIsbJ53Ikx+gSDreBuJaj43P
1MeMXD5GdmE8H84ndKHw0jTW0jPkIqbWLfGJJoMeUQKBgQD8kHGHX83HuEf+9r4O
8Hxm5UibnanRqcKW5nniBT4AQcqaqEb4kuCDh2E/USN3+/6ghg3i/H9dCSeC97Vp
hr6peVRp2gEXPXNwdS0+2y7YRKkWavc8uDIxQha+6pYihdjOPdv0B2XZCB2v3oBO
TvdE8Qnovmb3Av3otTwae5OVVwKBgQDhQKnTYGgxdQ/ZIzMspqYDdlPOwV8/h94f
acmmXC+UWikdqYjmMKjjfEPSFFSSkai7mYgkaClqERrWr4h/d1Ku1vETRfTn0zJT
jsIrSTbZ1ebCGfbwIYwAr7lodwOUFOGe9es1Vqh8vH9psCAZBGLjvpVsbo2wJMxf
6cdlVkPVZwKBgQCz58Qm1RSFDnyiXmp1w9IpjWuSBdXAlncY/GWXnXpTvomubu3X
BPDOYDHiY06rmiH/gF4F8SxcPjgZ748W8zd/CwEZQYQDZO+FDMLFAmY1AXucj2c7
pk2Cjvwa1IlLYCJWjvPNuTNQTJqw+wJURaWXQ0d2taIsk8H/8JE2oA45kwKBgFbn
wN3Zszlppbyr1QGkJibtzzXU62+yduN9yBwUMxM0mepkz3moSnDCL9RsnZiS9Bu1
B46sVVYj1UwBG1O6cL8eFJLQCcYreJ4+VPGoZK401bwLkndhKgfVxF3mlQ3b5JSU
4rOIhKbjfvECz893HsQpcrMMEERmXiefJZwWZUN/AoGAF+Z6nmOQgcqP3uRt8ftO
hbsV43b2+qCNbG8IJiYH8I06NKW2uxwJcXG/3MT7eSc7GtyZSGigPmX4jlxu+2Qw
IIkjf3UkHbM/mr1911wsVSickeFEOgxrEjbYHoVoHmjFu66sYoEf9tejDPYWWnXn
+TUF6sB4sIT9qZQd4u684vQ=
-----END PRIVATE KEY-----`;

export const TEST_TOPIC_ARN = "arn:aws:sns:us-east-1:123456789012:leadflow-ses-events";

let seq = 0;

/** Signs a message as SNS does, naming `certUrl` as its certificate (the test certificate at any URL `fakeSnsFetch` serves). */
export function signedSnsMessage(
  fields: Omit<SnsMessage, "Signature" | "SignatureVersion" | "SigningCertURL">,
  version: "1" | "2" = "1",
  certUrl = TEST_SNS_CERT_URL,
) {
  const unsigned = { ...fields, SignatureVersion: version, SigningCertURL: certUrl, Signature: "" } as SnsMessage;
  const signature = sign(version === "1" ? "sha1" : "sha256", Buffer.from(snsStringToSign(unsigned), "utf8"), TEST_SNS_PRIVATE_KEY);
  return { ...unsigned, Signature: signature.toString("base64") };
}

/** A Notification carrying an SES event (the `Message` is the event's JSON). */
export function snsNotification(
  sesEvent: object,
  opts: { messageId?: string; version?: "1" | "2"; subject?: string; certUrl?: string } = {},
) {
  return signedSnsMessage(
    {
      Type: "Notification",
      MessageId: opts.messageId ?? `b5e2d3c1-0000-4000-8000-${String(++seq).padStart(12, "0")}`,
      TopicArn: TEST_TOPIC_ARN,
      ...(opts.subject ? { Subject: opts.subject } : {}),
      Message: JSON.stringify(sesEvent),
      Timestamp: "2026-01-15T10:00:00.000Z",
    },
    opts.version,
    opts.certUrl,
  );
}

export function snsSubscriptionConfirmation(subscribeUrl: string, version: "1" | "2" = "1") {
  return signedSnsMessage(
    {
      Type: "SubscriptionConfirmation",
      MessageId: `c0ffee00-0000-4000-8000-${String(++seq).padStart(12, "0")}`,
      TopicArn: TEST_TOPIC_ARN,
      Message: `You have chosen to subscribe to the topic ${TEST_TOPIC_ARN}.`,
      SubscribeURL: subscribeUrl,
      Token: "2336412f37fb687f5d51e6e2425f004aed",
      Timestamp: "2026-01-15T09:59:00.000Z",
    },
    version,
  );
}

/** An SES event as event publishing sends it, tagged with the ledger id and its signature. */
export function sesEvent(
  eventType: string,
  detail: Record<string, unknown>,
  tags: Record<string, string[]>,
  sesMessageId = "0100018ffake",
) {
  const key = eventType === "Rendering Failure" ? "failure" : eventType.charAt(0).toLowerCase() + eventType.slice(1);
  return {
    eventType,
    mail: {
      timestamp: "2026-01-15T09:58:00.000Z",
      source: "sender@example.com",
      sendingAccountId: "123456789012",
      messageId: sesMessageId,
      destination: ["lead@example.com"],
      tags: { "ses:configuration-set": ["leadflow-events"], ...tags },
    },
    ...(eventType === "Send" ? {} : { [key]: detail }),
  };
}

/**
 * A fetch for the adapter's `opts.fetch`: answers any `.pem` URL with the test certificate and every other URL 200
 * (a SubscribeURL confirmation), recording each call. `certificateFails` makes certificates unreachable.
 */
export function fakeSnsFetch(opts: { certificateFails?: boolean } = {}) {
  const calls: string[] = [];
  const doFetch = (async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push(url);
    if (url.endsWith(".pem")) {
      return opts.certificateFails ? new Response("nope", { status: 503 }) : new Response(TEST_SNS_CERTIFICATE, { status: 200 });
    }
    return new Response("<ConfirmSubscriptionResponse/>", { status: 200 });
  }) as typeof fetch;
  return { fetch: doFetch, calls };
}

/** Puts the test certificate in the process's cache, for code that fetches certificates with the real fetch. */
export function rememberTestSnsCertificate(): void {
  snsCertificates.remember(TEST_SNS_CERT_URL, TEST_SNS_CERTIFICATE);
}
