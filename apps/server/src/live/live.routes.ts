import websocket from "@fastify/websocket";
import { BroadcastAuthRequest, BroadcastAuthResponse, userChannel } from "@leadflow/contracts";
import { AppError } from "@leadflow/domain";
import { z } from "zod";
import type { App, AppDeps } from "../http/types";
import { createLiveBus } from "./live-bus";
import { createLiveHub } from "./live-hub";
import { subscriptionAuth, subscriptionChannelData } from "./pusher-auth";

/** Frames bigger than this are refused by `ws` (close 1009): a client only ever sends small control messages. */
const MAX_FRAME_BYTES = 64 * 1024;

/**
 * The Pusher-protocol live channel: WebSocket at /app/{key} and POST /api/broadcasting/auth.
 * Every process that serves sockets LISTENs for the events any process publishes (deps.live), so a
 * worker's event reaches a browser connected to any API process; and for token revocations, so a signed-out
 * session's socket closes wherever it is served.
 */
export async function registerLiveChannel(app: App, deps: AppDeps): Promise<void> {
  const { config, liveSecret, database } = deps;
  const hub = createLiveHub({ key: config.liveKey, secret: liveSecret });
  const bus = createLiveBus(database);
  bus.onEvent(hub.deliver);
  bus.onRevoked(hub.revoke);

  app.addHook("onReady", () => bus.start());
  // Before @fastify/websocket's own preClose (hooks run in order): tell clients to reconnect, then stop listening.
  app.addHook("preClose", async () => {
    hub.close();
    await bus.stop();
  });
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  app.get(
    "/app/:key",
    {
      websocket: true,
      config: { public: true },
      schema: {
        params: z.object({ key: z.string() }),
        querystring: z.object({ protocol: z.string().optional() }),
      },
    },
    (socket, req) => hub.accept(socket, { appKey: req.params.key, protocol: req.query.protocol }),
  );

  app.post("/api/broadcasting/auth", { schema: { body: BroadcastAuthRequest, response: { 200: BroadcastAuthResponse } } }, async (req) => {
    const { socket_id, channel_name } = req.body;
    if (channel_name !== userChannel(req.auth.userId)) throw new AppError("forbidden");
    const channel_data = subscriptionChannelData({ tokenId: req.auth.tokenId, teamId: req.auth.teamId });
    return { auth: subscriptionAuth(config.liveKey, liveSecret, socket_id, channel_name, channel_data), channel_data };
  });
}
