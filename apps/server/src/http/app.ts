import fastifySwagger from "@fastify/swagger";
import Fastify from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { registerLiveChannel } from "../live/live.routes";
import { httpLogger, type LogSettings } from "../log";
import { registerAuth } from "./auth";
import { registerDrain } from "./drain";
import { registerErrorHandler } from "./errors";
import { registerJsonParser } from "./json-body";
import { parseQuery } from "./querystring";
import { ReadableRequestLog } from "./request-log";
import { attributesRoutes } from "./routes/attributes.routes";
import { authRoutes } from "./routes/auth.routes";
import { campaignLogsRoutes } from "./routes/campaign-logs.routes";
import { campaignStatisticsRoutes } from "./routes/campaign-statistics.routes";
import { campaignStepsRoutes } from "./routes/campaign-steps.routes";
import { campaignTestsRoutes } from "./routes/campaign-tests.routes";
import { campaignWaitingRoutes } from "./routes/campaign-waiting.routes";
import { campaignsRoutes } from "./routes/campaigns.routes";
import { complianceRoutes } from "./routes/compliance.routes";
import { conversationsRoutes } from "./routes/conversations.routes";
import { emailGroupsRoutes } from "./routes/email-groups.routes";
import { gatewaysRoutes } from "./routes/gateways.routes";
import { hooksRoutes } from "./routes/hooks.routes";
import { importApiRoutes } from "./routes/import-api.routes";
import { importsRoutes } from "./routes/imports.routes";
import { keywordsRoutes } from "./routes/keywords.routes";
import { leadsRoutes } from "./routes/leads.routes";
import { listsRoutes } from "./routes/lists.routes";
import { lookupsRoutes } from "./routes/lookups.routes";
import { plansRoutes } from "./routes/plans.routes";
import { revenueRoutes } from "./routes/revenue.routes";
import { routingRoutes } from "./routes/routing.routes";
import { rulesRoutes } from "./routes/rules.routes";
import { sandboxRoutes } from "./routes/sandbox.routes";
import { segmentExportsRoutes } from "./routes/segment-exports.routes";
import { segmentsRoutes } from "./routes/segments.routes";
import { sendPreviewRoutes } from "./routes/send-preview.routes";
import { shortUrlsRoutes } from "./routes/short-urls.routes";
import { signupFormsRoutes } from "./routes/signup-forms.routes";
import { sourcesRoutes } from "./routes/sources.routes";
import { systemRoutes } from "./routes/system.routes";
import { teamRoutes } from "./routes/team.routes";
import { unsubscribeRoutes } from "./routes/unsubscribe.routes";
import { registerShortLinks } from "./short-links";
import { registerWebApp } from "./static";
import type { App, AppDeps } from "./types";

export interface RouteInfo {
  method: string;
  url: string;
  public: boolean;
}

/** The HTTP side of the program: API, live channel and web app. Routes are collected for the isolation test. */
export async function buildApp(
  deps: AppDeps,
  opts: { logger?: { settings: LogSettings; write?: (line: string) => void }; serveWeb?: boolean } = {},
): Promise<{ app: App; routes: RouteInfo[] }> {
  const app = Fastify({
    logger: opts.logger ? httpLogger(opts.logger.settings, opts.logger.write) : false,
    // The readable log writes one line per request once it is answered (request-log.ts), not two.
    ...(opts.logger?.settings.format === "pretty" ? { logController: new ReadableRequestLog() } : {}),
    bodyLimit: 1024 * 1024,
    // Only behind a proxy that sets X-Forwarded-For; otherwise a client could pick its own address for rate limits.
    trustProxy: deps.config.trustProxy,
    routerOptions: { maxParamLength: 200, querystringParser: parseQuery },
    // Fastify's own answer while closing is a 503 in its error shape, not the API's: registerDrain answers instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app);
  registerDrain(app);
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, parseQuery(String(body))),
  );

  const routes: RouteInfo[] = [];
  app.addHook("onRoute", (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const m of methods) if (m !== "HEAD") routes.push({ method: m, url: r.url, public: Boolean(r.config?.public) });
  });

  // OpenAPI from the same zod schemas that validate the requests; served at /api/openapi.json.
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Leadflow API",
        version: "0.1.0",
        description: "Bearer-token API of Leadflow. Errors: 422 {message, errors}, 401, 404, 429 {message} with Retry-After.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  app.get("/api/openapi.json", { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

  registerErrorHandler(app);
  // Before auth: a short-URL host answers every path itself.
  await registerShortLinks(app, deps);
  registerAuth(app, deps);
  await authRoutes(app, deps);
  await teamRoutes(app, deps);
  await systemRoutes(app, deps);
  await sourcesRoutes(app, deps);
  await listsRoutes(app, deps);
  await attributesRoutes(app, deps);
  await importsRoutes(app, deps);
  await importApiRoutes(app, deps);
  await leadsRoutes(app, deps);
  await segmentExportsRoutes(app, deps);
  await complianceRoutes(app, deps);
  await segmentsRoutes(app, deps);
  await gatewaysRoutes(app, deps);
  await lookupsRoutes(app, deps);
  await hooksRoutes(app, deps);
  await sandboxRoutes(app, deps);
  await plansRoutes(app, deps);
  await shortUrlsRoutes(app, deps);
  await signupFormsRoutes(app, deps);
  await routingRoutes(app, deps);
  await revenueRoutes(app, deps);
  await unsubscribeRoutes(app, deps);
  await emailGroupsRoutes(app, deps);
  await rulesRoutes(app, deps);
  await keywordsRoutes(app, deps);
  await conversationsRoutes(app, deps);
  await campaignsRoutes(app, deps);
  await campaignLogsRoutes(app, deps);
  await campaignStatisticsRoutes(app, deps);
  await campaignWaitingRoutes(app, deps);
  await sendPreviewRoutes(app, deps);
  await campaignStepsRoutes(app, deps);
  await campaignTestsRoutes(app, deps);
  await registerLiveChannel(app, deps);
  if (opts.serveWeb !== false) await registerWebApp(app, deps.config.webDist);
  return { app, routes };
}
