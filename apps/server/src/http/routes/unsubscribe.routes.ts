import { checkUnsubscribeLink, hitRateLimit, unsubscribeByLink } from "@leadflow/domain";
import type { FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { renderPage, unsubscribePage } from "../pages/unsubscribe-page";
import type { App, AppDeps } from "../types";

/*
 * The email unsubscribe link (docs/email-events.md): public, its signature is the check. GET shows the question (mail
 * scanners open every link, so opening it changes nothing); POST — the page's button, or the mail client's RFC 8058
 * one-click `List-Unsubscribe=One-Click` — unsubscribes. Both answer a small HTML page.
 */

const Params = z.object({ id: z.string().max(40) });
const Query = z.object({ sig: z.string().max(200).optional() });

export async function unsubscribeRoutes(app: App, { database, config }: AppDeps) {
  const db = database.db;

  const answer = async (id: string, sig: string | undefined, posted: boolean, reply: FastifyReply) => {
    const link = posted ? await unsubscribeByLink(db, id, sig) : await checkUnsubscribeLink(db, id, sig);
    const page = unsubscribePage(link, `/unsubscribe/${encodeURIComponent(id)}?sig=${encodeURIComponent(sig ?? "")}`, posted);
    return (
      reply
        .status(page.status)
        .header("cache-control", "no-store")
        .header("x-robots-tag", "noindex")
        // The signature is in the URL: never hand it to another site.
        .header("referrer-policy", "no-referrer")
        .type("text/html; charset=utf-8")
        .send(renderPage(page))
    );
  };

  // A scope of its own: one-click posts come as form data of either encoding, or none; the body is not read.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
    scope.route({
      method: ["GET", "POST"],
      url: "/unsubscribe/:id",
      config: { public: true },
      schema: {
        tags: ["Email"],
        summary: "An email's unsubscribe link: GET asks, POST unsubscribes (the page's button, or RFC 8058 one-click)",
        security: [],
        params: Params,
        querystring: Query,
      },
      handler: async (req, reply) => {
        await hitRateLimit(db, `unsubscribe:${req.ip}`, config.unsubscribeRate);
        return answer(req.params.id, req.query.sig, req.method === "POST", reply);
      },
    });
  });
}
