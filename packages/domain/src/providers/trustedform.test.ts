import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTrustedForm, fakeCertUrl, startFakeTrustedForm } from "./fakes/fake-trustedform";
import { type CertificateCheckInput, type CertificateCheckResult, ProviderError } from "./provider-types";
import { describeResilience, FAST } from "./resilience.testkit";
import { TRUSTED_FORM_UNIT_COST, trustedFormAdapter } from "./trustedform.adapter";

const input = (certUrl: string | null, over: Partial<CertificateCheckInput> = {}): CertificateCheckInput => ({
  trustedFormCertUrl: certUrl,
  leadidToken: null,
  phone: "+12125550100",
  email: "jane@example.com",
  reference: "Leadflow lead 7",
  seller: "Acme Leads",
  ...over,
});
const certId = (url: string) => url.slice(-40);

const verified: CertificateCheckResult = {
  status: "verified",
  details: {
    outcome: "success",
    reason: null,
    phone_match: true,
    email_match: true,
    page_url: null,
    created_at: null,
    expires_at: "2029-05-01T14:30:00Z",
    previously_retained: false,
  },
};

describeResilience<FakeTrustedForm, CertificateCheckResult, CertificateCheckInput>({
  name: "TrustedForm",
  start: () => startFakeTrustedForm(),
  adapter: (fake, opts) => trustedFormAdapter({ api_key: fake.apiKey }, opts),
  wrongAdapter: (_fake, opts) => trustedFormAdapter({ api_key: "wrong-key" }, opts),
  wrongMessage: /^The TrustedForm API key is wrong/,
  secrets: (fake) => [fake.apiKey],
  value: input(fakeCertUrl(1)),
  countedAs: certId(fakeCertUrl(1)),
  expected: verified,
});

describe("TrustedForm retain and match", () => {
  let fake: FakeTrustedForm;
  const adapter = (params: Record<string, string> = {}) =>
    trustedFormAdapter({ api_key: fake.apiKey, ...params }, { ...FAST, baseUrls: fake.baseUrls });
  beforeAll(async () => {
    fake = await startFakeTrustedForm();
  });
  afterAll(() => fake.close());

  it.each([
    ["0", "verified"],
    ["c", "mismatch"],
    ["d", "expired"],
    ["e", "not_found"],
    ["f", "error"],
  ] as const)("a certificate ending in %s is %s", async (last, status) => {
    const result = await adapter().lookup(input(fakeCertUrl(10, last)));
    expect(result.status).toBe(status);
  });

  it("says what the lead matched when it does not", async () => {
    const result = await adapter().lookup(input(fakeCertUrl(11, "c")));
    expect(result.details).toMatchObject({ outcome: "failure", phone_match: false, email_match: false });
  });

  it("takes a 410 as an expired certificate", async () => {
    const url = fakeCertUrl(12);
    fake.setAnswer(certId(url), { status: 410, body: { outcome: "error", reason: "gone" } });
    expect((await adapter().lookup(input(url))).status).toBe("expired");
  });

  it("retains with the lead's phone and email, our reference and the seller as vendor; Insights only when asked for", async () => {
    const url = fakeCertUrl(13);
    await adapter().lookup(input(url));
    expect(fake.bodies.get(certId(url))).toEqual({
      match_lead: { phone: "+12125550100", email: "jane@example.com" },
      retain: { reference: "Leadflow lead 7", vendor: "Acme Leads" },
    });
    const withInsights = await adapter({ insights: "yes" }).lookup(input(url));
    expect(fake.bodies.get(certId(url))).toMatchObject({ insights: { properties: ["page_url", "created_at", "expires_at"] } });
    expect(withInsights.details).toMatchObject({ page_url: "https://forms.example.com/quote", created_at: "2024-05-01T14:30:00Z" });
  });

  it("sends a lead without an email with its phone only", async () => {
    const url = fakeCertUrl(14);
    await adapter().lookup(input(url, { email: null, seller: null }));
    expect(fake.bodies.get(certId(url))).toEqual({ match_lead: { phone: "+12125550100" }, retain: { reference: "Leadflow lead 7" } });
  });

  it("refuses a record without a TrustedForm certificate, without a request", async () => {
    const before = fake.stats.total;
    const error = await adapter()
      .lookup(input(null))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(false);
    expect(fake.stats.total).toBe(before);
  });

  it("only ever calls the operator's TrustedForm host, with the certificate's id", async () => {
    const looksLike = "https://cert.trustedform.com.evil.example/0000000000000000000000000000000000000001";
    await expect(adapter().lookup(input(looksLike))).rejects.toBeInstanceOf(ProviderError);
  });

  it("prices a check at the assumed list price and needs the API key", () => {
    expect(adapter().unitCost).toBe(TRUSTED_FORM_UNIT_COST);
    expect(() => trustedFormAdapter({})).toThrow(/no Api Key/);
  });
});
