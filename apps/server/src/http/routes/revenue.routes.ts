import {
  IdParam,
  MessageResponse,
  PostbackAnswer,
  PostbackMessages,
  PostbackParams,
  PostbackQuery,
  RevenueTracking,
  RevenueTrackingList,
  RevenueTrackingMessages,
  RevenueTrackingSaved,
  RevenueTrackingSecret,
  SaveRevenueTracking,
} from "@leadflow/contracts";
import {
  createRevenueTracking,
  deleteRevenueTracking,
  getRevenueTracking,
  hitRateLimit,
  listRevenueTrackings,
  publishCampaigns,
  receivePostback,
  revenueTrackingSecret,
  updateRevenueTracking,
} from "@leadflow/domain";
import type { App, AppDeps } from "../types";

/** Settings → Revenue Tracking: postback URLs on the app's public address (APP_URL), and the postback itself. */
export async function revenueRoutes(app: App, { database, config, live }: AppDeps) {
  const db = database.db;
  const urls = { appUrl: config.appUrl };
  const tags = ["Revenue tracking"];

  app.get("/api/revenues/tracking", { schema: { tags, response: { 200: RevenueTrackingList } } }, (req) =>
    listRevenueTrackings(db, req.auth, urls),
  );
  app.post(
    "/api/revenues/tracking",
    { schema: { tags, body: SaveRevenueTracking, response: { 201: RevenueTrackingSaved } } },
    async (req, reply) =>
      reply.status(201).send({ message: RevenueTrackingMessages.created, data: await createRevenueTracking(db, req.auth, req.body, urls) }),
  );
  app.get("/api/revenues/tracking/:id", { schema: { tags, params: IdParam, response: { 200: RevenueTracking } } }, (req) =>
    getRevenueTracking(db, req.auth, req.params.id, urls),
  );
  app.put(
    "/api/revenues/tracking/:id",
    { schema: { tags, params: IdParam, body: SaveRevenueTracking, response: { 200: RevenueTrackingSaved } } },
    async (req) => ({
      message: RevenueTrackingMessages.updated,
      data: await updateRevenueTracking(db, req.auth, req.params.id, req.body, urls),
    }),
  );
  app.delete("/api/revenues/tracking/:id", { schema: { tags, params: IdParam, response: { 200: MessageResponse } } }, async (req) => {
    await deleteRevenueTracking(db, req.auth, req.params.id);
    return { message: RevenueTrackingMessages.deleted };
  });
  app.get(
    "/api/revenues/tracking/:id/secret",
    { schema: { tags, summary: "The tracking's postback signing secret", params: IdParam, response: { 200: RevenueTrackingSecret } } },
    (req) => revenueTrackingSecret(db, req.auth, req.params.id),
  );

  // The postback URL the screen shows (docs/revenue.md): public, its HMAC signature is the check. Partners call it
  // with GET; POST is taken the same way (the values in the query) for networks that only post.
  app.route({
    method: ["GET", "POST"],
    url: "/postback/:token",
    config: { public: true },
    schema: {
      tags,
      summary: "A partner reports a conversion of a click (signed; idempotent by tracking and transaction id)",
      security: [],
      params: PostbackParams,
      querystring: PostbackQuery,
      response: { 200: PostbackAnswer, 202: PostbackAnswer },
    },
    handler: async (req, reply) => {
      await hitRateLimit(db, `postback:${req.ip}`, config.postbackRate);
      const { campaign_id, ...done } = await receivePostback(db, { token: req.params.token, ...req.query });
      // Revenue and profit move on the campaign's open pages (throttled per campaign).
      if (campaign_id !== undefined) await publishCampaigns({ db, live }, [campaign_id]);
      return reply.status(done.status === "pending" ? 202 : 200).send({ ...done, message: PostbackMessages[done.status] });
    },
  });
}
