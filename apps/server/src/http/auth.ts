import { AppError, authenticate, touchUser } from "@leadflow/domain";
import type { FastifyRequest } from "fastify";
import type { App, AppDeps } from "./types";

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.toLowerCase().startsWith("bearer ")) return header.slice(7).trim();
  return undefined;
}

/** Every route needs a valid bearer token unless its config says `public: true`. */
export function registerAuth(app: App, { database }: AppDeps): void {
  app.decorateRequest("auth", null as never);
  app.addHook("onRequest", async (req) => {
    if (req.routeOptions.config?.public || !req.routeOptions.url?.startsWith("/api/")) return;
    const token = bearerToken(req);
    if (!token) throw new AppError("unauthenticated");
    req.auth = await authenticate(database.db, token);
    void touchUser(database.db, req.auth.userId).catch(() => undefined);
  });
}
