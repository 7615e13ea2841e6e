import type { LeadDetail } from "@leadflow/contracts";
import { hashPassword } from "@leadflow/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { importHelpers } from "./imports-helpers";

/**
 * Tenant isolation: every registered route is called with team B's token on team A's data.
 * The list of routes comes from the app itself, so a new route fails this test until it is classified below.
 */

/** Which of team A's ids goes into a route's path parameter. */
const ID_KIND = {
  "/api/sources/:id": "source",
  "/api/sources/:id/aggregations": "source",
  "/api/sources/:id/lists": "source",
  "/api/sources/lists/:id": "list",
  "/api/sources/lists/:id/aggregations": "list",
  "/api/team/users/:id": "user",
  "/api/user/:id/password/change": "user",
  "/api/imports/:id": "import",
  "/api/imports/:id/sync-import": "import",
  "/api/imports/:id/dispatch": "import",
  "/api/imports/:id/lead-statuses": "import",
  "/api/sync-import/:id": "import",
  "/api/sync-import/:id/import-attributes/multiple": "import",
  "/api/import-files/:id": "import",
  "/api/import-files/:id/history": "import",
  "/api/lead-attributes/:id": "attribute",
  "/api/lead-attributes/:id/usage": "attribute",
  "/api/import-lists/:id": "importList",
  "/api/lists/:id/leads": "list",
  "/api/lists/:id/signup-form": "list",
  "/api/lists/:id/opt-in-requests": "list",
  "/api/lists/:id/growth": "list",
  "/api/leads/:id": "lead",
  "/api/leads/:id/sources": "lead",
  "/api/leads/:id/segments": "lead",
  "/api/leads/:id/campaigns": "lead",
  "/api/leads/:id/log": "lead",
  "/api/leads/:id/consent": "lead",
  "/api/compliance-files/:id": "complianceFile",
  "/api/lead-values/:id": "leadValue",
  "/api/lead-phones/:id": "leadPhone",
  "/api/lead-phones/:id/status": "leadPhone",
  "/api/lead-emails/:id": "leadEmail",
  "/api/lead-emails/:id/status": "leadEmail",
  "/api/segments/:id": "segment",
  "/api/segments/:id/filters": "segment",
  "/api/segments/:id/clone": "segment",
  "/api/segments/:id/segments": "segment",
  "/api/segments/:id/leads": "segment",
  "/api/segments/:id/export": "segment",
  "/api/gateways/:id": "gateway",
  "/api/gateways/:id/test": "gateway",
  "/api/gateways/:id/email-senders": "gateway",
  "/api/gateways/:id/rotation": "gateway",
  "/api/gateways/:id/sandbox/inbound": "gateway",
  "/api/lookup/:id": "lookup",
  "/api/lookup/:id/status": "lookup",
  "/api/leads/:id/relookup": "lead",
  "/api/rules/:id": "rule",
  "/api/sms-keywords/:id": "keyword",
  "/api/short-url-domains/:id": "shortUrlDomain",
  "/api/short-url-domains/:id/check-dns": "shortUrlDomain",
  "/api/short-url-domains/:id/enable-https": "shortUrlDomain",
  "/api/routes/:id": "route",
  "/api/pools/:id": "pool",
  "/api/revenues/tracking/:id": "revenueTracking",
  "/api/revenues/tracking/:id/secret": "revenueTracking",
  "/api/spam-email-groups/:id": "spamEmailGroup",
  "/api/sender-email-groups/:id": "senderEmailGroup",
  "/api/campaigns/:id": "campaign",
  "/api/campaigns/:id/segments": "campaign",
  "/api/campaigns/:id/sources": "campaign",
  "/api/campaigns/:id/lists": "campaign",
  "/api/campaigns/:id/leads": "campaign",
  "/api/campaigns/:id/campaign-steps": "campaign",
  "/api/campaigns/:id/expire-links": "campaign",
  "/api/campaigns/:id/create-segment": "campaign",
  "/api/campaigns/:id/message-logs": "campaign",
  "/api/campaigns/:id/queued-logs": "campaign",
  "/api/campaigns/:id/skipped-logs": "campaign",
  "/api/campaigns/:id/incoming-messages": "campaign",
  "/api/campaigns/:id/welcome-messages": "campaign",
  "/api/campaigns/:id/statistic/clicks": "campaign",
  "/api/campaigns/:id/statistic/opens": "campaign",
  "/api/campaigns/:id/redirect-logs": "campaign",
  "/api/campaigns/:id/statistic": "campaign",
  "/api/campaigns/:id/statistic/chart": "campaign",
  "/api/campaigns/:id/statistic-by-step": "campaign",
  "/api/campaigns/:id/statistic-leads": "campaign",
  "/api/campaigns/:id/waiting": "campaign",
  "/api/campaigns/:id/send-preview": "campaign",
  "/api/campaigns/:id/campaign-logs": "campaign",
  "/api/campaigns/:id/message-preview": "campaign",
  "/api/campaign-steps/:id": "campaignStep",
  "/api/campaign-steps/:id/copy": "campaignStep",
  "/api/conversations/:id": "conversation",
  "/api/conversations/:id/read": "conversation",
  "/api/conversations/:id/assign": "conversation",
  "/api/conversations/:id/close": "conversation",
  "/api/conversations/:id/reopen": "conversation",
  "/api/conversations/:id/reply": "conversation",
} as const satisfies Record<string, Kind>;
type Kind =
  | "campaign"
  | "campaignStep"
  | "rule"
  | "keyword"
  | "shortUrlDomain"
  | "revenueTracking"
  | "spamEmailGroup"
  | "senderEmailGroup"
  | "source"
  | "list"
  | "user"
  | "import"
  | "attribute"
  | "importList"
  | "lead"
  | "leadValue"
  | "leadPhone"
  | "leadEmail"
  | "segment"
  | "gateway"
  | "lookup"
  | "route"
  | "pool"
  | "complianceFile"
  | "conversation";

/** Routes that take ids in the query or the body. */
const BATCH_KIND: Record<string, "source" | "list"> = {
  "DELETE /api/sources/batch": "source",
  "DELETE /api/sources/lists/batch": "list",
};

/** Bulk actions on leads: ids or an "all matching" selection in the body (their own check below). */
const LEAD_BATCH = new Set([
  "PUT /api/leads/batch-status",
  "DELETE /api/leads/batch",
  // Segment ids in the body: their own check below (segmentBatches).
  "DELETE /api/segments/batch",
  "POST /api/segments/refresh",
  // Lookup, source, list and segment ids in the body: their own check below (lookupBatches).
  "POST /api/lookup-start",
  "POST /api/lookup-stop",
  "POST /api/sources/lookup",
  "POST /api/sources/lists/lookup",
  "POST /api/segments/lookup/batch",
  // Campaign ids in the body or query: their own check below (campaignBatches).
  "PUT /api/campaigns/batch-status",
  "DELETE /api/campaigns/batch",
  "POST /api/campaigns/copy",
  "POST /api/campaigns/batch-archive",
  "DELETE /api/campaigns/batch-archive",
  "PUT /api/campaigns/click-trigger",
  // Campaign and step ids in the body: their own check below (campaignBatches).
  "POST /api/campaigns/test-sms",
  "POST /api/campaigns/test-email",
  // Campaign ids in the query: another team's are left out of the answer (campaignBatches).
  "GET /api/campaigns/waiting",
  // A lead selection (ids or all matching) in the body: their own check below (leadBatches).
  "POST /api/compliance-files",
  "POST /api/leads/lookup",
]);

/**
 * Routes that take no id: they act on the caller's own user or team. Their answers are checked for team A's
 * data below; a route with an id in its body (the live-channel authorisation) has its own check.
 */
const NO_ID = new Set([
  // The inbox: the caller's team's threads; the open takes a lead id in its body (another team's lead is a 404: conversations.test.ts).
  "GET /api/conversations",
  "GET /api/conversations/unread",
  "POST /api/conversations",
  "GET /api/user",
  "PUT /api/user/profile",
  "POST /api/logout",
  "GET /api/team/users",
  "POST /api/team/users",
  "GET /api/processes",
  "DELETE /api/processes",
  "GET /api/sources",
  "POST /api/sources",
  "GET /api/sources/total",
  "GET /api/all-sources-with-lists",
  "POST /api/broadcasting/auth",
  "GET /api/imports",
  "GET /api/imports/active",
  "GET /api/segments",
  "POST /api/segments",
  "POST /api/segments/preview",
  "GET /api/segments/exports",
  // Takes a list id in its multipart body: its own check below ("uploads into another team's list").
  "POST /api/imports",
  "GET /api/lead-attributes",
  "GET /api/lead-attributes-all",
  "POST /api/lead-attributes",
  "GET /api/validation-template/phone",
  "PUT /api/validation-template/phone",
  "GET /api/import-lists",
  // Takes a list id in its body: a list of another team is a 404 (import-api.test.ts).
  "POST /api/import-lists",
  "GET /api/leads",
  "GET /api/gateways",
  "POST /api/gateways",
  "GET /api/gateways/options",
  // Takes a gateway id in its body (an edit's draft): another team's is a 404 (gateways.test.ts).
  "POST /api/gateways/test",
  "GET /api/lookup",
  // Takes gateway, source and list ids in its body: another team's are refused (lookups.test.ts).
  "POST /api/lookup",
  "GET /api/plan",
  // The platform's price list: the same for every team.
  "GET /api/plans",
  "GET /api/balance",
  "GET /api/balance/transactions",
  "GET /api/lookup-settings",
  // Consent: the team's own DNC freshness rule and its own compliance files (compliance-files.test.ts).
  "GET /api/dnc-rule",
  "PUT /api/dnc-rule",
  "GET /api/compliance-files",
  "PUT /api/lookup-settings",
  // Settings → Rules and Keywords: the caller's team's own (and every team's system keywords).
  "GET /api/rules",
  "GET /api/rules/",
  "POST /api/rules",
  "GET /api/sms-keywords",
  // Settings → Keywords → Opt-out and help answers: the caller's team's own (keywords.test.ts).
  "GET /api/sms-keywords/messaging",
  "PUT /api/sms-keywords/messaging",
  "GET /api/sms-keywords/phones",
  // Takes gateway and list ids in its body: another team's are a 404 on the field (keywords.test.ts).
  "POST /api/sms-keywords",
  // Settings → Short Url Domains: the caller's team's own; the public IP and has-access are about the server and the plan.
  "GET /api/short-url-domains",
  "POST /api/short-url-domains",
  "GET /api/short-url-domains/has-access",
  "GET /api/short-url-domains/public-ip",
  // Settings → Revenue Tracking, Spam and Sender Email Groups: the caller's team's own.
  "GET /api/revenues/tracking",
  "POST /api/revenues/tracking",
  "GET /api/spam-email-groups",
  "POST /api/spam-email-groups",
  "GET /api/sender-email-groups",
  "POST /api/sender-email-groups",
  // Platform data: the same carrier groups for every team.
  "GET /api/carrier-groups",
  "GET /api/gateways/sms/sender-options",
  "GET /api/routes",
  "GET /api/pools",
  // Take gateway ids in their bodies: another team's gateway is a 422 on the field (routing.test.ts).
  "POST /api/routes",
  "POST /api/pools",
  // Campaigns: the caller's team's own; gateway, route, pool and rule ids in the body are a 422 on the field
  // when another team's (campaigns.test.ts).
  "GET /api/campaigns",
  "POST /api/campaigns",
  "GET /api/campaigns/statistics/counters",
  "GET /api/campaigns/list-names",
  "GET /api/automations/list-by-trigger",
]);

/**
 * Routes anyone may call (no bearer token), each with the reason it may be public and where its own check is. A
 * new public route fails the classification test until it is listed here.
 */
const PUBLIC: Record<string, string> = {
  "GET /api/openapi.json": "the API's description",
  "GET /api/config": "what the sign-in page needs before anyone signs in",
  "GET /api/health": "a probe for load balancers",
  "POST /api/signup": "registration",
  "POST /api/signin": "sign-in",
  "POST /api/password/email": "password reset request",
  "POST /api/password/reset": "password reset with the mailed token",
  "POST /api/import/lead": "the public import interface: its API key is the check (import-api.test.ts)",
  "GET /api/segments/exports/:id/download": "a signed download link or the bearer token, checked by the route",
  "GET /api/compliance-files/:id/download": "a signed download link or the bearer token, checked by the route (compliance-files.test.ts)",
  "GET /tls/ask": "the TLS terminator's on-demand question about a short-URL host",
  "GET /o/:messageId/:sig": "an email's open pixel: the HMAC of the message id is the check (short-links.test.ts)",
  "GET /app/:key": "the live channel's WebSocket; channels are authorised by POST /api/broadcasting/auth",
  // Provider callbacks: verified by the gateway's provider signature or our HMAC; a forged one is a 403 and
  // stores nothing (hooks.test.ts).
  "GET /hooks/sms/:gatewayId/status": "provider callback",
  "POST /hooks/sms/:gatewayId/status": "provider callback",
  "POST /hooks/sms/:gatewayId/inbound": "provider callback",
  "POST /hooks/email/:gatewayId/sns": "provider callback (SNS signature)",
  "POST /hooks/email/:gatewayId/status": "provider callback",
  // A partner's conversion: the tracking's HMAC signature is the check; forged is 403 (postback.test.ts).
  "GET /postback/:token": "revenue postback (signed)",
  "POST /postback/:token": "revenue postback (signed)",
  // An email's unsubscribe link: signed with the gateway's callback secret; forged is 403 (unsubscribe.test.ts).
  "GET /unsubscribe/:id": "unsubscribe page (signed link)",
  "POST /unsubscribe/:id": "one-click unsubscribe (signed link)",
  // A list's hosted sign-up form: shows only the form; a post needs the page's signed token and is limited per
  // address; another team's code on a short host is a 404 (signup-forms.test.ts).
  "GET /f/:code": "hosted sign-up form page",
  "POST /f/:code": "hosted sign-up form submission (signed form token, per-address limit)",
};

/** Lookup batches with team A's lookup, sources, lists or audience in them: 404, all or nothing. */
async function lookupBatches(a: TeamA, b: Awaited<ReturnType<typeof teamB>>) {
  const call = (url: string, payload: object) => api.app.inject({ method: "POST", url, headers: api.auth(b.token), payload });
  const own = (await call("/api/gateways", { kind: "sms_lookup", type: "sandbox", name: "B's sandbox", params: {} })).json().data
    .id as number;
  expect((await call("/api/lookup-start", { ids: [a.lookup.id] })).statusCode).toBe(404);
  expect((await call("/api/lookup-stop", { ids: [a.lookup.id] })).statusCode).toBe(404);
  const scope = { type: 1, setting_gateway_id: own };
  expect((await call("/api/sources/lookup", { ...scope, ids: [a.source.id] })).statusCode).toBe(404);
  expect((await call("/api/sources/lists/lookup", { ...scope, ids: [a.list.id] })).statusCode).toBe(404);
  expect((await call("/api/segments/lookup/batch", { ...scope, ids: [a.segment.id] })).statusCode).toBe(404);
}

/**
 * Where a role rule answers before the tenant check: an operator may not manage users at all, so they get
 * 403 whatever the id (it tells them nothing about team A). An admin of team B gets 404 there too.
 */
const ROLE_FIRST_FOR_OPERATOR = new Set(["PUT /api/team/users/:id"]);

const B_PASSWORD = "Bravo#123";
/** One body for every write: zod drops what a route does not know, so each route gets a valid request. */
const WRITE_BODY = {
  name: "Hijacked by B",
  status: "inactive",
  role: "team_operator",
  blocked: true,
  current_password: B_PASSWORD,
  password: "Hijack#123",
  password_confirmation: "Hijack#123",
  phone_number: "+15550000000",
};

/** Routes whose body WRITE_BODY would not satisfy: a valid body, so the answer is the tenant check's, not 422. */
const ROUTE_BODY: Record<string, object> = {
  "PUT /api/sync-import/:id": { status: "pending" },
  "POST /api/sync-import/:id/import-attributes/multiple": {
    attributes: [{ processing_document_attribute_id: 1, lead_attribute_id: null }],
  },
  "PUT /api/imports/:id/lead-statuses": { lead_status: 2, phone_status: 4, email_status: 4 },
  "PUT /api/import-lists/:id": { name: "Hijacked by B", list_id: 1 },
  "PUT /api/lists/:id/signup-form": {
    title: "Hijacked by B",
    consent_text: "Yes.",
    success_message: "Thanks.",
    double_opt_in: false,
  },
  "PUT /api/lead-values/:id": { value: "Hijacked by B" },
  "PUT /api/lead-phones/:id": { value: "+1 212 555 0199" },
  "PUT /api/lead-emails/:id": { value: "hijack@example.com" },
  "POST /api/segments/:id/filters": { filters: {} },
  "POST /api/segments/:id/clone": { name: "Hijacked by B" },
  "POST /api/segments/:id/export": { name: "Hijacked by B" },
  "PUT /api/gateways/:id": { kind: "sms_lookup", type: "sandbox", name: "Hijacked by B" },
  "POST /api/gateways/:id/sandbox/inbound": { from: "+12125550199", to: "+12125550100", body: "Hijacked by B" },
  "PUT /api/lookup/:id": { lead_type: 1, setting_gateway_id: 1, source_id: 1 },
  "POST /api/lookup/:id/status": { status: 4 },
  "POST /api/leads/:id/relookup": { lead_type: "lead_phone", lookup_gateway_id: 1 },
  "PUT /api/rules/:id": { type: 1, name: "Hijacked by B", params: { period: 5 } },
  "PUT /api/sms-keywords/:id": { values: { values: ["HIJACK"], phones: ["*"] }, action: "unsubscribe" },
  "PUT /api/short-url-domains/:id": { url: "hijacked-by-b.example.com" },
  "PUT /api/spam-email-groups/:id": { name: "Hijacked by B", emails: ["hijack@example.com"] },
  "PUT /api/sender-email-groups/:id": { name: "Hijacked by B", usernames: [{ from_name: "B", user_name: "hijack" }] },
  "PUT /api/routes/:id": { name: "Hijacked by B", default: { gateway_id: 1, sender_type: "phone", sender: "+15550000000", frequency: 1 } },
  "PUT /api/pools/:id": { name: "Hijacked by B", senders: [{ gateway_id: 1, sender_type: "phone", sender: "+15550000000" }] },
  "PUT /api/campaigns/:id": { name: "Hijacked by B", type: "sms", sender_type: "gateway", setting_gateway_id: 1 },
  "POST /api/campaigns/:id/segments": { ids: [] },
  "POST /api/campaigns/:id/sources": { ids: [] },
  "POST /api/campaigns/:id/lists": { ids: [] },
  "POST /api/campaigns/:id/create-segment": { audience_id: 1, name: "Hijacked by B", sms_status: ["sent"] },
  "POST /api/campaigns/:id/campaign-steps": { type: "sms", name: "Hijacked by B", message: "Hijacked" },
  "PUT /api/campaign-steps/:id": { type: "sms", name: "Hijacked by B", message: "Hijacked" },
  "POST /api/campaigns/:id/message-preview": { message: "Hi {{first_name|there}}" },
  "POST /api/conversations/:id/assign": { user_id: null },
  "POST /api/conversations/:id/reply": { text: "Hijacked by B" },
};

/** Routes that need a valid query string. */
const ROUTE_QUERY: Record<string, string> = {
  "PUT /api/lead-phones/:id/status": "?status=4",
  "PUT /api/lead-emails/:id/status": "?status=4",
};

let api: Api;
let routes: Api["routes"];
beforeAll(async () => {
  api = await setupApi();
  routes = api.routes;
});
afterAll(() => api.close());

async function teamA() {
  const admin = await api.factory.team();
  const member = await api.factory.member(admin.ctx, "team_admin");
  await api.database.query("UPDATE users SET password_hash = $1 WHERE id = $2", [await hashPassword("Member#123"), member.id]);
  const source = await api.factory.source(admin.ctx, { name: `A-source-${admin.ctx.teamId}` });
  const list = await api.factory.list(admin.ctx, source.id, { name: `A-list-${admin.ctx.teamId}` });
  await api.factory.list(admin.ctx, source.id, { name: `A-list2-${admin.ctx.teamId}` });
  // An imported file (mapped and run) and an attribute of its own.
  const im = importHelpers(api);
  const filename = `A-file-${admin.ctx.teamId}.csv`;
  const importId = await im.start(admin.token, list.id, filename, "Phone,Email,Secret\n2124567890,a-lead@example.com,A-secret\nbad,,x\n", {
    Secret: `A-attr-${admin.ctx.teamId}`,
  });
  await im.runQueued();
  const attribute = (
    await api.database.query<{ id: number; name: string }>("SELECT id, name FROM lead_attributes WHERE team_id = $1 AND NOT is_system", [
      admin.ctx.teamId,
    ])
  ).rows[0]!;
  const importList = (
    await api.app.inject({
      method: "POST",
      url: "/api/import-lists",
      headers: api.auth(admin.token),
      payload: { name: `A-key-${admin.ctx.teamId}`, list_id: list.id },
    })
  ).json().data as { id: number; api_key: string };
  const lead = (await api.database.query<{ id: number }>("SELECT id::int AS id FROM leads WHERE team_id = $1", [admin.ctx.teamId])).rows[0]!
    .id;
  const detail = (await api.app.inject({ method: "GET", url: `/api/leads/${lead}`, headers: api.auth(admin.token) })).json() as LeadDetail;
  const valueId = (kind: string) => detail.lead_values.find((v) => v.kind === kind)!.id;
  const leadValues = { leadValue: valueId("string"), leadPhone: valueId("phone"), leadEmail: valueId("email") };
  const segment = (
    await api.app.inject({
      method: "POST",
      url: "/api/segments",
      headers: api.auth(admin.token),
      payload: { name: `A-audience-${admin.ctx.teamId}` },
    })
  ).json().data as { id: number; name: string };
  const gateway = (
    await api.app.inject({
      method: "POST",
      url: "/api/gateways",
      headers: api.auth(admin.token),
      payload: {
        kind: "sms_lookup",
        type: "gateway1",
        name: `A-gateway-${admin.ctx.teamId}`,
        params: { sys_id: "AC-A", auth_token: "A-token-0000" },
      },
    })
  ).json().data as { id: number; name: string };
  const lookup = (
    await api.app.inject({
      method: "POST",
      url: "/api/lookup",
      headers: api.auth(admin.token),
      payload: { lead_type: 1, setting_gateway_id: gateway.id, source_id: source.id, list_id: list.id },
    })
  ).json().data as { id: number };
  const complianceFile = (
    await api.app.inject({
      method: "POST",
      url: "/api/compliance-files",
      headers: api.auth(admin.token),
      payload: { selection: { ids: [lead] } },
    })
  ).json().data as { id: number };
  const { route, pool } = await routingOf(admin.token, admin.ctx.teamId);
  const settings = await emailSettingsOf(admin.token, admin.ctx.teamId);
  const automation = await rulesAndKeywordsOf(admin.token, admin.ctx.teamId);
  const campaign = await campaignOf(admin.token, admin.ctx.teamId, route.id, [segment.id, list.id]);
  const conversation = (
    await api.app.inject({ method: "POST", url: "/api/conversations", headers: api.auth(admin.token), payload: { lead_id: lead } })
  ).json() as { id: number };
  return {
    conversation,
    campaign,
    admin,
    member,
    source,
    list,
    importId,
    filename,
    attribute,
    importList,
    lead,
    leadValues,
    segment,
    gateway,
    lookup,
    complianceFile,
    route,
    pool,
    ...settings,
    ...automation,
    shortDomain: await shortDomainOf(admin.ctx.teamId),
  };
}

/** An SMS gateway with a number, and a route and a pool sending from it. */
async function routingOf(token: string, teamId: number) {
  const post = async (url: string, payload: object) =>
    (await api.app.inject({ method: "POST", url, headers: api.auth(token), payload })).json().data as { id: number; name: string };
  const sms = await post("/api/gateways", {
    kind: "sms",
    type: "sandbox",
    name: `A-sms-${teamId}`,
    senders: { numbers: [{ number: "+12015550111" }] },
  });
  const sender = { gateway_id: sms.id, sender_type: "phone", sender: "+12015550111" };
  const route = await post("/api/routes", { name: `A-route-${teamId}`, default: { ...sender, frequency: 10 } });
  const pool = await post("/api/pools", { name: `A-pool-${teamId}`, senders: [sender] });
  return { route, pool };
}
/** A draft SMS campaign sending by the route, with an audience and a step. */
async function campaignOf(token: string, teamId: number, routeId: number, [segmentId, listId]: number[]) {
  const call = async (url: string, payload: object) =>
    (await api.app.inject({ method: "POST", url, headers: api.auth(token), payload })).json() as { data: { id: number } };
  const name = `A-campaign-${teamId}`;
  const c = (await call("/api/campaigns", { name, type: "sms", sender_type: "route", route_id: routeId })).data;
  await call(`/api/campaigns/${c.id}/segments`, { ids: [segmentId] });
  await call(`/api/campaigns/${c.id}/lists`, { id: listId });
  const step = (await call(`/api/campaigns/${c.id}/campaign-steps`, { type: "sms", name: `A-step-${teamId}`, message: "Hi" })).data;
  return { id: c.id, name, step: { id: step.id } };
}
/** A revenue tracking (with its signing secret), a spam email group and a sender email group. */
async function emailSettingsOf(token: string, teamId: number) {
  const call = async (method: "GET" | "POST", url: string, payload?: object) =>
    (await api.app.inject({ method, url, headers: api.auth(token), ...(payload ? { payload } : {}) })).json();
  const tracking = (await call("POST", "/api/revenues/tracking", { name: `A-tracking-${teamId}` })).data as { id: number; name: string };
  const { secret } = (await call("GET", `/api/revenues/tracking/${tracking.id}/secret`)) as { secret: string };
  const spamGroup = (await call("POST", "/api/spam-email-groups", { name: `A-spam-${teamId}`, emails: [`a-seed-${teamId}@example.com`] }))
    .data as { id: number; name: string };
  const senderGroup = (
    await call("POST", "/api/sender-email-groups", {
      name: `A-senders-${teamId}`,
      usernames: [{ from_name: "A", user_name: `a-sender-${teamId}` }],
    })
  ).data as { id: number; name: string };
  return { tracking: { ...tracking, secret }, spamGroup, senderGroup };
}
/** A short-URL domain, written directly: team A's plan need not allow adding one for B to be refused it. */
async function shortDomainOf(teamId: number) {
  const url = `a-links-${teamId}.example.com`;
  const { rows } = await api.database.query<{ id: number }>(
    "INSERT INTO short_url_domains (team_id, url, redirect_to) VALUES ($1, $2, 'https://a.example.com/') RETURNING id",
    [teamId, url],
  );
  return { id: rows[0]!.id, url };
}
/** A rule and an SMS keyword. */
async function rulesAndKeywordsOf(token: string, teamId: number) {
  const post = async (url: string, payload: object) =>
    (await api.app.inject({ method: "POST", url, headers: api.auth(token), payload })).json() as { id: number };
  const rule = await post("/api/rules", { type: 1, name: `A-rule-${teamId}`, params: { period: 30 } });
  const word = `AWORD${teamId}`;
  const keyword = await post("/api/sms-keywords", {
    values: { values: [word], phones: ["*"] },
    action: "reply",
    response_message: `A-reply-${teamId}`,
  });
  return { rule: { id: rule.id, name: `A-rule-${teamId}` }, keyword: { id: keyword.id, word } };
}
type TeamA = Awaited<ReturnType<typeof teamA>>;

/** Team A's names and secrets: none may appear in an answer to team B. */
const secretsOf = (a: TeamA): string[] => [
  a.source.name,
  a.list.name,
  a.member.email,
  a.admin.email,
  a.filename,
  a.attribute.name,
  a.importList.api_key,
  a.segment.name,
  a.gateway.name,
  a.rule.name,
  a.keyword.word,
  a.shortDomain.url,
  a.tracking.name,
  a.tracking.secret,
  a.spamGroup.name,
  a.senderGroup.name,
  a.route.name,
  a.pool.name,
  a.campaign.name,
];

async function teamB(role: "team_admin" | "team_operator") {
  const b = await api.factory.team({ password: B_PASSWORD });
  if (role === "team_admin") return b;
  const op = await api.factory.member(b.ctx, "team_operator");
  await api.database.query("UPDATE users SET password_hash = $1 WHERE id = $2", [await hashPassword(B_PASSWORD), op.id]);
  return { ...b, ctx: op.ctx, token: op.token };
}

/** Everything of team A that a leak could change. */
async function snapshot(a: TeamA) {
  const q = async (text: string) => (await api.database.query(text, [a.admin.ctx.teamId])).rows;
  return {
    sources: await q("SELECT id, name, status, total_leads, updated_at FROM sources WHERE team_id = $1 ORDER BY id"),
    lists: await q("SELECT id, source_id, name, is_active, total_leads, updated_at FROM lists WHERE team_id = $1 ORDER BY id"),
    users: await q(
      "SELECT id, name, email, phone_number, role, blocked_at, email_verified_at, password_hash, updated_at FROM users WHERE team_id = $1 ORDER BY id",
    ),
    tokens: await q("SELECT id, revoked_at, expires_at FROM access_tokens WHERE team_id = $1 ORDER BY id"),
    imports: await q(
      "SELECT id, status, sync_status, lead_status, phone_status, email_status, processed_count, updated_at FROM imports WHERE team_id = $1 ORDER BY id",
    ),
    mapping: await q("SELECT id, lead_attribute_id FROM import_attributes WHERE team_id = $1 ORDER BY id"),
    attributes: await q("SELECT id, name, sort_order, updated_at FROM lead_attributes WHERE team_id = $1 ORDER BY id"),
    leads: await q("SELECT id, status, duplicates_count, attrs, updated_at FROM leads WHERE team_id = $1 ORDER BY id"),
    phones: await q("SELECT id, lead_id, phone, status FROM lead_phones WHERE team_id = $1 ORDER BY id"),
    emails: await q("SELECT id, lead_id, email, status FROM lead_emails WHERE team_id = $1 ORDER BY id"),
    members: await q("SELECT list_id, lead_id FROM list_leads WHERE team_id = $1 ORDER BY list_id, lead_id"),
    logs: await q("SELECT id, lead_id, action FROM lead_logs WHERE team_id = $1 ORDER BY id"),
    counters: await q(
      "SELECT id, total_leads, total_flagged_leads, total_blacklisted_leads, contacts_total FROM lists WHERE team_id = $1 ORDER BY id",
    ),
    templates: await q('SELECT "values" FROM validation_templates WHERE team_id = $1'),
    importLists: await q("SELECT id, name, list_id, api_key, updated_at FROM import_lists WHERE team_id = $1 ORDER BY id"),
    segments: await q("SELECT id, parent_id, name, filters, is_recalculating, updated_at FROM segments WHERE team_id = $1 ORDER BY id"),
    exports: await q("SELECT id, segment_id, status FROM segment_exports WHERE team_id = $1 ORDER BY id"),
    gateways: await q("SELECT id, name, active, params, secrets, senders, updated_at FROM gateways WHERE team_id = $1 ORDER BY id"),
    lookups: await q(
      "SELECT id, status, gateway_id, source_id, list_id, total_count, updated_at FROM lookup_jobs WHERE team_id = $1 ORDER BY id",
    ),
    balance: await q("SELECT balance, free_lookups, lookup_freshness FROM team_balances WHERE team_id = $1"),
    complianceFiles: await q("SELECT id, status, lead_ids, file_key, updated_at FROM compliance_exports WHERE team_id = $1 ORDER BY id"),
    consents: await q("SELECT id, lead_id, certificate_status FROM lead_consents WHERE team_id = $1 ORDER BY id"),
    dncRule: await q("SELECT dnc_max_age_days FROM teams WHERE id = $1"),
    rules: await q("SELECT id, name, type, is_active, params, updated_at FROM rules WHERE team_id = $1 ORDER BY id"),
    keywords: await q("SELECT id, words, phones, action, response_message, updated_at FROM sms_keywords WHERE team_id = $1 ORDER BY id"),
    shortDomains: await q(
      "SELECT id, url, access, redirect_to, sort_order, https_enabled, dns_checked_at, dns_ok, updated_at FROM short_url_domains WHERE team_id = $1 ORDER BY id",
    ),
    trackings: await q(
      "SELECT id, name, token, secret, revenue, total_conversations, updated_at FROM revenue_trackings WHERE team_id = $1 ORDER BY id",
    ),
    spamGroups: await q("SELECT id, name, updated_at FROM spam_email_groups WHERE team_id = $1 ORDER BY id"),
    spamEmails: await q("SELECT id, group_id, email FROM spam_email_group_emails WHERE team_id = $1 ORDER BY id"),
    senderGroups: await q("SELECT id, name, updated_at FROM sender_email_groups WHERE team_id = $1 ORDER BY id"),
    senderUsernames: await q("SELECT id, group_id, from_name, user_name FROM sender_email_usernames WHERE team_id = $1 ORDER BY id"),
    routes: await q("SELECT id, name, gateway_id, sender, frequency, updated_at FROM campaign_routes WHERE team_id = $1 ORDER BY id"),
    routeGroups: await q("SELECT id, route_id, group_id, sender, frequency FROM campaign_route_groups WHERE team_id = $1 ORDER BY id"),
    pools: await q("SELECT id, name, updated_at FROM campaign_pools WHERE team_id = $1 ORDER BY id"),
    poolSenders: await q("SELECT id, pool_id, gateway_id, sender FROM campaign_pool_senders WHERE team_id = $1 ORDER BY id"),
    campaigns: await q(
      "SELECT id, name, status, archived_at, deleted_at, click_automation_campaign_id, updated_at FROM campaigns WHERE team_id = $1 ORDER BY id",
    ),
    campaignSteps: await q("SELECT id, campaign_id, name, message, updated_at FROM campaign_steps WHERE team_id = $1 ORDER BY id"),
    campaignAudiences: await q("SELECT campaign_id, kind, ref_id FROM campaign_audiences WHERE team_id = $1 ORDER BY 1, 2, 3"),
    conversations: await q(
      "SELECT id, unread_count, last_read_at, assigned_user_id, closed_at, updated_at FROM conversations WHERE team_id = $1 ORDER BY id",
    ),
    conversationReplies: await q("SELECT id FROM conversation_replies WHERE team_id = $1 ORDER BY id"),
  };
}

function idOf(a: TeamA, kind: Kind, url: string): number | string {
  if (kind === "leadValue" || kind === "leadPhone" || kind === "leadEmail") return a.leadValues[kind];
  if (kind === "lead") return a.lead;
  if (kind === "campaign") return a.campaign.id;
  if (kind === "conversation") return a.conversation.id;
  if (kind === "campaignStep") return a.campaign.step.id;
  if (kind === "import") return a.importId;
  if (kind === "attribute") return a.attribute.id;
  if (kind === "importList") return a.importList.id;
  if (kind === "source") return a.source.id;
  if (kind === "segment") return a.segment.id;
  if (kind === "gateway") return a.gateway.id;
  if (kind === "lookup") return a.lookup.id;
  if (kind === "rule") return a.rule.id;
  if (kind === "keyword") return a.keyword.id;
  if (kind === "shortUrlDomain") return a.shortDomain.id;
  if (kind === "route") return a.route.id;
  if (kind === "pool") return a.pool.id;
  if (kind === "complianceFile") return a.complianceFile.id;
  if (kind === "revenueTracking") return a.tracking.id;
  if (kind === "spamEmailGroup") return a.spamGroup.id;
  if (kind === "senderEmailGroup") return a.senderGroup.id;
  if (kind === "list") return a.list.id;
  // The password route is the user's own; for team users, another admin of A (blocking them would be the leak).
  return url.startsWith("/api/user/") ? a.admin.ctx.userId : a.member.id;
}

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** Segment batches and children with team A's audience: 404, all or nothing; A's audience as it was. */
async function segmentBatches(a: TeamA, b: Awaited<ReturnType<typeof teamB>>) {
  const call = (method: "POST" | "DELETE", url: string, payload: object) =>
    api.app.inject({ method, url, headers: api.auth(b.token), payload });
  const own = (await call("POST", "/api/segments", { name: "B's own" })).json().data.id as number;
  for (const ids of [[a.segment.id], [own, a.segment.id]]) {
    expect((await call("DELETE", "/api/segments/batch", { ids })).statusCode).toBe(404);
    expect((await call("POST", "/api/segments/refresh", { ids })).statusCode).toBe(404);
  }
  expect((await call("POST", "/api/segments", { name: "Child", parent_id: a.segment.id })).statusCode).toBe(404);
  expect((await call("POST", "/api/segments/preview", { filters: {}, parent_id: a.segment.id })).statusCode).toBe(404);
  const listFilter = { data: [{ field: "list", expression: "equals", values: [a.list.id] }] };
  expect((await call("POST", "/api/segments/preview", { filters: listFilter })).statusCode).toBe(422);
  expect((await api.app.inject({ method: "GET", url: `/api/segments/${own}`, headers: api.auth(b.token) })).statusCode).toBe(200);
}

/**
 * Bulk lead actions with team A's ids: 404 when none is B's (and for A's list in an "all matching" selection).
 * A mixed delete is all or nothing (404, B's lead survives); a mixed status change sets B's own lead and reports
 * the other id as not found — the same answer as for an id that does not exist. "All matching" without a list
 * reaches only B's leads.
 */
async function leadBatches(a: TeamA, b: Awaited<ReturnType<typeof teamB>>) {
  const bList = await api.factory.list(b.ctx, (await api.factory.source(b.ctx)).id);
  const im = importHelpers(api);
  await im.start(b.token, bList.id, "b.csv", "Phone\n2124567891\n", {});
  await im.runQueued();
  const own = (await api.database.query<{ id: number }>("SELECT id::int AS id FROM leads WHERE team_id = $1", [b.ctx.teamId])).rows[0]!.id;
  const call = (method: "PUT" | "DELETE", url: string, payload?: object) =>
    api.app.inject({ method, url, headers: api.auth(b.token), ...(payload ? { payload } : {}) });

  expect((await call("PUT", "/api/leads/batch-status", { ids: [a.lead], status: 2 })).statusCode).toBe(404);
  expect((await call("PUT", "/api/leads/batch-status", { all: true, list_id: a.list.id, status: 2 })).statusCode).toBe(404);
  const mixed = await call("PUT", "/api/leads/batch-status", { ids: [own, a.lead], status: 3 });
  expect(mixed.json()).toMatchObject({ info: ["1 lead set to Flagged."], errors: ["1 lead was not found."] });
  const all = await call("PUT", "/api/leads/batch-status", { all: true, status: 2 });
  expect(all.json()).toMatchObject({ info: ["1 lead set to Blacklisted."], errors: [] });

  expect((await call("DELETE", `/api/leads/batch?ids[0]=${a.lead}`)).statusCode).toBe(404);
  expect((await call("DELETE", `/api/leads/batch?ids[0]=${own}&ids[1]=${a.lead}`)).statusCode).toBe(404);
  expect((await call("DELETE", "/api/leads/batch", { ids: [own, a.lead] })).statusCode).toBe(404);
  expect((await call("DELETE", "/api/leads/batch", { all: true, list_id: a.list.id })).statusCode).toBe(404);
  const page = await api.app.inject({ method: "GET", url: "/api/leads", headers: api.auth(b.token) });
  expect(page.json().data.map((r: { id: number }) => r.id)).toEqual([own]);
  // A compliance file or a lookup of A's leads: 404, and nothing asked for.
  const post = (url: string, payload: object) => api.app.inject({ method: "POST", url, headers: api.auth(b.token), payload });
  expect((await post("/api/compliance-files", { selection: { ids: [a.lead] } })).statusCode).toBe(404);
  expect((await post("/api/compliance-files", { selection: { all: true, list_id: a.list.id } })).statusCode).toBe(404);
  const rnd = (await post("/api/gateways", { kind: "rnd", type: "sandbox", name: "B's RND", params: {} })).json().data.id as number;
  expect((await post("/api/leads/lookup", { ids: [a.lead], type: 5, setting_gateway_id: rnd })).statusCode).toBe(404);
  expect((await post("/api/leads/lookup", { ids: [own], type: 1, setting_gateway_id: a.gateway.id })).statusCode).toBe(404);
  expect((await post("/api/leads/lookup", { all: true, list_id: a.list.id, type: 5, setting_gateway_id: rnd })).statusCode).toBe(404);
  const deleted = await call("DELETE", "/api/leads/batch", { all: true });
  expect(deleted.json()).toEqual({ message: "1 lead deleted.", deleted: 1 });
}

/** Campaign bulk actions with team A's campaign: 404 when none is B's; a mixed delete, copy or archive is all or nothing. */
async function campaignBatches(a: TeamA, b: Awaited<ReturnType<typeof teamB>>) {
  const call = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    api.app.inject({ method, url, headers: api.auth(b.token), ...(payload ? { payload } : {}) });
  const bGateway = (
    await call("POST", "/api/gateways", { kind: "sms", type: "sandbox", name: "B sms", senders: { numbers: [{ number: "+12015550199" }] } })
  ).json().data.id as number;
  const mine = (
    await call("POST", "/api/campaigns", {
      name: "B's own",
      type: "automation",
      triggers: ["campaign_click"],
      setting_gateway_id: bGateway,
    })
  ).json().data.id as number;
  for (const ids of [[a.campaign.id], [mine, a.campaign.id]]) {
    expect((await call("DELETE", "/api/campaigns/batch", { ids })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/campaigns/batch?${ids.map((n, i) => `ids[${i}]=${n}`).join("&")}`)).statusCode).toBe(404);
    expect((await call("POST", "/api/campaigns/copy", { ids })).statusCode).toBe(404);
    expect((await call("POST", "/api/campaigns/batch-archive", { ids })).statusCode).toBe(404);
    expect((await call("DELETE", "/api/campaigns/batch-archive", { ids })).statusCode).toBe(404);
    expect((await call("PUT", "/api/campaigns/click-trigger", { campaigns: ids, click_automation_campaign_id: mine })).statusCode).toBe(
      404,
    );
  }
  expect((await call("PUT", "/api/campaigns/batch-status", { ids: [a.campaign.id], status: "stop" })).statusCode).toBe(404);
  const mixed = await call("PUT", "/api/campaigns/batch-status", { ids: [mine, a.campaign.id], status: "paused" });
  expect(mixed.json().errors).toContain(`Campaign #${a.campaign.id} was not found.`);
  // A's campaign as a click trigger target of B's campaign: not found, on the field.
  const target = await call("PUT", "/api/campaigns/click-trigger", { campaigns: [mine], click_automation_campaign_id: a.campaign.id });
  expect(target.statusCode).toBe(404);
  expect(target.json().errors).toEqual({ click_automation_campaign_id: ["The selected campaign was not found."] });
  // Test sends: A's campaign, or A's step under B's own campaign, is a 404 and nothing is sent or recorded.
  const tests = [
    ["/api/campaigns/test-sms", { phone: "+12015550123", message: "Hi" }],
    ["/api/campaigns/test-email", { to_email: "b@example.com", sender: "b@example.com", subject: "Hi", message: "Hi" }],
  ] as const;
  for (const [url, body] of tests) {
    for (const id of [a.campaign.id, mine]) {
      expect((await call("POST", url, { ...body, id, step_id: a.campaign.step.id })).statusCode, `${url} ${id}`).toBe(404);
    }
  }
  expect((await api.database.query("SELECT 1 FROM campaign_test_sends WHERE campaign_id = $1", [a.campaign.id])).rows).toEqual([]);
  // The list's waiting figures: A's campaign is left out, as if it did not exist.
  const waiting = await api.app.inject({
    method: "GET",
    url: `/api/campaigns/waiting?ids=${mine},${a.campaign.id}`,
    headers: api.auth(b.token),
  });
  expect(waiting.json()).toEqual({ data: [] });
  // A's segment in B's campaign's audience: 404.
  expect((await call("POST", `/api/campaigns/${mine}/segments`, { ids: [a.segment.id] })).statusCode).toBe(404);
  expect((await call("POST", `/api/campaigns/${mine}/lists`, { id: a.list.id })).statusCode).toBe(404);
  expect((await call("POST", `/api/campaigns/${mine}/sources`, { ids: [a.source.id] })).statusCode).toBe(404);
}

describe("tenant isolation", () => {
  it("classifies every registered route", () => {
    const protectedRoutes = routes.filter((r) => !r.public && r.url.startsWith("/api/"));
    expect(protectedRoutes.length).toBeGreaterThan(10);
    const unclassified = protectedRoutes.filter((r) => {
      if (/:\w+/.test(r.url)) return !(r.url in ID_KIND);
      return !NO_ID.has(key(r)) && !(key(r) in BATCH_KIND) && !LEAD_BATCH.has(key(r));
    });
    // A new route must say which id it takes (ID_KIND, BATCH_KIND) or why it takes none (NO_ID).
    expect(unclassified.map(key)).toEqual([]);
    for (const batch of [...Object.keys(BATCH_KIND), ...LEAD_BATCH]) expect(protectedRoutes.map(key)).toContain(batch);
  });

  it("says why every public route is public", () => {
    const open = routes.filter((r) => r.public || !r.url.startsWith("/api/")).map(key);
    expect(open.filter((k) => !(k in PUBLIC))).toEqual([]);
    expect(Object.keys(PUBLIC).filter((k) => !open.includes(k))).toEqual([]);
  });

  for (const role of ["team_admin", "team_operator"] as const) {
    it(`answers 404 to a ${role} of team B on every route with an id of team A, and changes nothing`, async () => {
      const a = await teamA();
      const b = await teamB(role);
      const bSource = await api.factory.source(b.ctx, { name: "B own" });
      const before = await snapshot(a);
      const idRoutes = routes.filter((r) => !r.public && /:\w+/.test(r.url) && r.url in ID_KIND);
      expect(idRoutes.length).toBeGreaterThanOrEqual(10);

      const answers: string[] = [];
      for (const r of idRoutes) {
        const kind = ID_KIND[r.url as keyof typeof ID_KIND];
        const id = idOf(a, kind, r.url);
        const url = r.url.replace(/:\w+/g, String(id)) + (ROUTE_QUERY[key(r)] ?? "");
        const res = await api.app.inject({
          method: r.method as "GET",
          url,
          headers: api.auth(b.token),
          ...(["POST", "PUT", "PATCH"].includes(r.method) ? { payload: ROUTE_BODY[key(r)] ?? WRITE_BODY } : {}),
        });
        const expected = role === "team_operator" && ROLE_FIRST_FOR_OPERATOR.has(key(r)) ? 403 : 404;
        answers.push(`${key(r)} → ${res.statusCode}`);
        expect(res.statusCode, `${r.method} ${url}: ${res.body}`).toBe(expected);
        expect(res.json().message).toBeTruthy();
        for (const secret of secretsOf(a)) {
          expect(res.body).not.toContain(secret);
        }
      }
      expect(answers.length).toBe(idRoutes.length);

      for (const [route, kind] of Object.entries(BATCH_KIND)) {
        const [method, path] = route.split(" ") as ["DELETE", string];
        const id = idOf(a, kind, path) as number;
        const own = kind === "source" ? bSource.id : (await api.factory.list(b.ctx, bSource.id)).id;
        for (const ids of [[id], [own, id]]) {
          const qs = ids.map((n, i) => `ids[${i}]=${n}`).join("&");
          const byQuery = await api.app.inject({ method, url: `${path}?${qs}`, headers: api.auth(b.token) });
          expect(byQuery.statusCode, `${route} ${qs}`).toBe(404);
          const byBody = await api.app.inject({ method, url: path, headers: api.auth(b.token), payload: { ids } });
          expect([404, 422], `${route} body`).toContain(byBody.statusCode);
        }
        // All or nothing: B's own row survived the mixed batch.
        const ownStill = kind === "source" ? `/api/sources/${own}` : `/api/sources/lists/${own}`;
        expect((await api.app.inject({ method: "GET", url: ownStill, headers: api.auth(b.token) })).statusCode).toBe(200);
      }

      await leadBatches(a, b);
      await segmentBatches(a, b);
      await lookupBatches(a, b);
      await campaignBatches(a, b);

      expect(await snapshot(a)).toEqual(before);
      // Team A still works as before.
      const aSource = await api.app.inject({ method: "GET", url: `/api/sources/${a.source.id}`, headers: api.auth(a.admin.token) });
      expect(aSource.statusCode).toBe(200);
      expect(aSource.json()).toMatchObject({ name: a.source.name, status: "active", lists_count: 2 });
      const aList = await api.app.inject({ method: "GET", url: `/api/sources/lists/${a.list.id}`, headers: api.auth(a.admin.token) });
      expect(aList.json()).toMatchObject({ name: a.list.name, status: "active" });
      expect((await api.app.inject({ method: "GET", url: "/api/user", headers: api.auth(a.member.token) })).statusCode).toBe(200);
      const signIn = await api.app.inject({
        method: "POST",
        url: "/api/signin",
        payload: { email: a.admin.email, password: a.admin.password },
      });
      expect(signIn.statusCode).toBe(200);
      // One request after another over every route with an id: its budget grows with the routes.
    }, 240_000);
  }

  it("shows none of team A's data on the routes that take no id", async () => {
    const a = await teamA();
    const b = await teamB("team_admin");
    const before = await snapshot(a);
    const secrets = [...secretsOf(a), "A-secret"];
    for (const r of routes.filter((x) => !x.public && NO_ID.has(key(x)))) {
      if (key(r) === "POST /api/logout") continue;
      const res = await api.app.inject({
        method: r.method as "GET",
        url: r.url,
        headers: api.auth(b.token),
        ...(["POST", "PUT"].includes(r.method)
          ? { payload: { ...WRITE_BODY, email: `b-${Date.now()}@example.test`, team_id: a.admin.ctx.teamId } }
          : {}),
      });
      expect(res.statusCode, key(r)).toBeLessThan(500);
      for (const secret of secrets) expect(res.body, key(r)).not.toContain(secret);
    }
    expect(await snapshot(a)).toEqual(before);
    // Whatever B created (a source, an invited user) belongs to B.
    const bRows = await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM sources WHERE team_id = $1", [b.ctx.teamId]);
    expect(bRows.rows[0]!.n).toBe(1);
  });

  it("refuses uploads into another team's list with 404 and keeps nothing", async () => {
    const a = await teamA();
    const b = await teamB("team_admin");
    const before = await snapshot(a);
    const im = importHelpers(api);
    for (const listFirst of [true, false]) {
      const res = await im.upload(b.token, a.list.id, "x.csv", "Phone\n2124567899\n", listFirst);
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await api.database.query("SELECT id FROM imports WHERE team_id = $1", [b.ctx.teamId])).rows).toEqual([]);
    expect(await snapshot(a)).toEqual(before);
  });

  it("does not authorise team B on team A's live channel", async () => {
    const route = routes.find((r) => key(r) === "POST /api/broadcasting/auth");
    if (!route) return; // The live channel registers it; until then there is nothing to leak.
    const a = await teamA();
    const b = await teamB("team_admin");
    const res = await api.app.inject({
      method: "POST",
      url: route.url,
      headers: api.auth(b.token),
      payload: { socket_id: "123.456", channel_name: `private-user.${a.admin.ctx.userId}` },
    });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('"auth"');
  });
});
