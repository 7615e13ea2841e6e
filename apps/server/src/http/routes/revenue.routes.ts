import {
  IdParam,
  MessageResponse,
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
  listRevenueTrackings,
  revenueTrackingSecret,
  updateRevenueTracking,
} from "@leadflow/domain";
import type { App, AppDeps } from "../types";

/** Settings → Revenue Tracking (spec 2 §7): postback URLs on the app's public address (APP_URL). */
export async function revenueRoutes(app: App, { database, config }: AppDeps) {
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
}
