import {
  IdParam,
  ListGrowth,
  ListGrowthQuery,
  OptInRequestPage,
  OptInRequestsQuery,
  SaveSignupForm,
  SignupForm,
  SignupFormAnswer,
} from "@leadflow/contracts";
import {
  checkFormToken,
  getSignupForm,
  issueFormToken,
  listGrowth,
  listOptInRequests,
  publicSignupForm,
  saveSignupForm,
  submitSignupForm,
  teamForShortHost,
  wakeDispatchers,
} from "@leadflow/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ipRateLimit } from "../ip-rate-limit";
import { LinkRouter } from "../link-router";
import { renderSignupPage, signupNotFoundPage } from "../pages/signup-page";
import type { App, AppDeps } from "../types";

/*
 * Sign-up forms (docs/opt-in.md): the list page's settings, its opt-in requests and growth chart (team API), and the
 * public page `/f/{code}` — on the team's short host, or on the app's own host for a team without one.
 */

const CodeParam = z.object({ code: z.string().max(40) });
const NO_STORE = { "cache-control": "no-store", "x-robots-tag": "noindex", "referrer-policy": "no-referrer" } as const;

export async function signupFormsRoutes(app: App, { database, config, jobs }: AppDeps) {
  const db = database.db;
  app.get("/api/lists/:id/signup-form", { schema: { params: IdParam, response: { 200: SignupFormAnswer } } }, (req) =>
    getSignupForm(db, req.auth, req.params.id, config.appUrl),
  );
  app.put("/api/lists/:id/signup-form", { schema: { params: IdParam, body: SaveSignupForm, response: { 200: SignupForm } } }, (req) =>
    saveSignupForm(db, req.auth, req.params.id, req.body, config.appUrl),
  );
  app.get(
    "/api/lists/:id/opt-in-requests",
    { schema: { params: IdParam, querystring: OptInRequestsQuery, response: { 200: OptInRequestPage } } },
    (req) => listOptInRequests(db, req.auth, req.params.id, req.query),
  );
  app.get("/api/lists/:id/growth", { schema: { params: IdParam, querystring: ListGrowthQuery, response: { 200: ListGrowth } } }, (req) =>
    listGrowth(db, req.auth, req.params.id, req.query),
  );

  const limit = ipRateLimit(config.signupRate.limit, config.signupRate.windowSeconds * 1000);
  const appHost = LinkRouter.hostOf(new URL(config.appUrl).host);

  /** The form the request's host may show: any on the app's host, only the host's team's on a short host. */
  const formFor = async (req: FastifyRequest, code: string) => {
    const host = LinkRouter.hostOf(req.host ?? "");
    if (host === appHost || host === "") return publicSignupForm(db, code, null);
    const short = await teamForShortHost(db, host);
    return short ? publicSignupForm(db, code, short.teamId) : null;
  };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).headers(NO_STORE).type("text/html; charset=utf-8").send(body);

  app.get("/f/:code", { config: { public: true }, schema: { hide: true, params: CodeParam } }, async (req, reply) => {
    const form = await formFor(req, req.params.code);
    if (!form) return html(reply, 404, signupNotFoundPage);
    return html(reply, 200, renderSignupPage(form, { token: issueFormToken(form.tokenSecret) }));
  });

  app.post("/f/:code", { config: { public: true }, schema: { hide: true, params: CodeParam } }, async (req, reply) => {
    const wait = limit.hit(req.ip ?? "");
    if (wait) {
      void reply.header("Retry-After", String(wait));
      return html(
        reply,
        429,
        signupNotFoundPage
          .replace("This form is not available", "Too many attempts")
          .replace("It may have been switched off. Please check the link.", "Please wait a few minutes and try again."),
      );
    }
    const form = await formFor(req, req.params.code);
    if (!form) return html(reply, 404, signupNotFoundPage);
    const body = (typeof req.body === "object" && req.body !== null ? req.body : {}) as Record<string, unknown>;
    const values = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : undefined]));
    const token = issueFormToken(form.tokenSecret);
    if (!checkFormToken(form.tokenSecret, values.token))
      return html(
        reply,
        400,
        renderSignupPage(form, { token, values, errors: { phone: "This page expired. Please submit the form again." } }),
      );
    // The honeypot: a person never sees the field; a bot that fills it is told it worked and nothing is stored.
    if (values.website) return html(reply, 200, renderSignupPage(form, { token, done: { pending: form.doubleOptIn } }));
    const pageUrl = `${req.protocol}://${req.host}${req.url.split("?", 1)[0]}`;
    const result = await submitSignupForm(db, form, values, {
      ip: req.ip ?? "",
      userAgent: String(req.headers["user-agent"] ?? ""),
      pageUrl,
    });
    if (result.kind === "invalid") return html(reply, 422, renderSignupPage(form, { token, values, errors: result.errors }));
    if (result.wake.length) await wakeDispatchers(jobs, result.wake);
    return html(reply, 200, renderSignupPage(form, { token, done: { pending: result.pending } }));
  });
}
