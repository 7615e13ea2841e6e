import rateLimit from "@fastify/rate-limit";
import { HookAnswer } from "@leadflow/contracts";
import { applyEventsJob, type CallbackRequest, type Hook, receiveProviderCallback, wakeDispatchers } from "@leadflow/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { hookEnv } from "../hook-env";
import type { App, AppDeps } from "../types";

/*
 * Provider callbacks (docs/sending.md): public, because providers carry no login; each callback is verified
 * by its gateway's send adapter (the provider's signature, or ours) before anything is stored, and answered at once.
 * The bodies reach the adapter as the exact text received (signatures cover the bytes), whatever their type: JSON,
 * form fields (Twilio) or the text/plain SNS posts.
 */

const tags = ["Provider callbacks"];
const GatewayParam = z.object({ gatewayId: z.coerce.number().int().positive().max(2_147_483_647) });
type GatewayParam = z.infer<typeof GatewayParam>;
/** How long a burst of callbacks gathers before its apply job is queued. */
const APPLY_COALESCE_MS = 100;
/** SNS messages are at most 256 KB; no provider's status or inbound callback is near it. */
const BODY_LIMIT = 256 * 1024;

/** One callback address: `/hooks/{channel}/:gatewayId/{endpoint}`, answered for `methods`. */
const hookRoute = (methods: ("GET" | "POST")[], hook: Hook, summary: string) => ({
  methods,
  url: `/hooks/${hook.channel}/:gatewayId/${hook.endpoint}`,
  hook,
  summary,
});

const ROUTES = [
  hookRoute(["GET", "POST"], { channel: "sms", endpoint: "status" }, "SMS delivery status from the gateway's provider (or the sandbox)"),
  hookRoute(
    ["POST"],
    { channel: "sms", endpoint: "inbound" },
    "An inbound SMS (a reply) from the gateway's provider; Twilio gets an empty TwiML answer",
  ),
  hookRoute(
    ["POST"],
    { channel: "email", endpoint: "sns" },
    "Amazon SNS notifications of SES events (bounce, complaint, delivery, open, click); confirms the subscription",
  ),
  hookRoute(["POST"], { channel: "email", endpoint: "status" }, "Email delivery status from the sandbox sender"),
];

type CallerLimit = ReturnType<FastifyInstance["createRateLimit"]>;

export async function hooksRoutes(app: App, { database, config, jobs, live }: AppDeps) {
  const db = database.db;
  const env = hookEnv(config, live);
  const publicUrl = env.publicUrl;

  // New status events are applied at once rather than at the next minute's sweep: one apply job queued shortly after
  // the first event of a burst covers every event stored until it runs (a storm queues a few jobs, not one per
  // callback); a failed queue waits for the sweep.
  let waking = false;
  const wakeApplier = () => {
    if (waking) return;
    waking = true;
    setTimeout(() => {
      waking = false;
      void jobs.send(applyEventsJob, {}, { singletonKey: "apply-events" }).catch(() => null);
    }, APPLY_COALESCE_MS).unref?.();
  };

  const handler = (hook: Hook, limit: CallerLimit) => async (req: FastifyRequest<{ Params: GatewayParam }>, reply: FastifyReply) => {
    const request: CallbackRequest = {
      method: req.method,
      // The address the provider called, as it signed it: the public base and the path and query as received.
      url: `${publicUrl}${req.url}`,
      headers: req.headers,
      rawBody: typeof req.body === "string" ? req.body : "",
    };
    // Per caller address, before any signature work, kept in memory (a storm of callbacks writes no rate row).
    const limited = await limit(req);
    if (!limited.isAllowed && limited.isExceeded)
      return reply
        .code(429)
        .header("Retry-After", String(Math.max(1, limited.ttlInSeconds)))
        .send({ message: "Too many requests. Please try again later." });
    const received = await receiveProviderCallback(db, hook, req.params.gatewayId, request, env);
    if (received.stored > 0 && hook.endpoint !== "inbound") wakeApplier();
    // The answers a reply earned leave through the gateway's dispatcher after this answer; a keyword's trigger campaign
    // is sent at once.
    const wake = [...(received.replies?.answers ? [req.params.gatewayId] : []), ...(received.replies?.wake ?? [])];
    if (wake.length) void wakeDispatchers(jobs, wake).catch(() => null);
    if (received.reply) return reply.type(received.reply.contentType).send(received.reply.body);
    return { received: received.received, stored: received.stored };
  };

  // A scope of their own, so these parsers (raw text for every type) apply to the hooks and nothing else.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // One count per caller address for all the status callbacks and one for the inbound hooks, in this process's
    // memory (@fastify/rate-limit's local store): a storm of callbacks writes no rate row. Keyed by the whole address,
    // not the IPv6 subnet the plugin groups by default.
    await scope.register(rateLimit, { global: false });
    const perCaller = (rate: { limit: number; windowSeconds: number }) =>
      scope.createRateLimit({ max: rate.limit, timeWindow: rate.windowSeconds * 1000, keyGenerator: (req) => req.ip });
    const callbackLimit = perCaller(config.callbackRate);
    const inboundLimit = perCaller(config.inboundRate);
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    for (const r of ROUTES) {
      scope.route({
        method: r.methods,
        url: r.url,
        config: { public: true },
        schema: { tags, summary: r.summary, security: [], params: GatewayParam, response: { 200: HookAnswer } },
        handler: handler(r.hook, r.hook.endpoint === "inbound" ? inboundLimit : callbackLimit),
      });
    }
  });
}
