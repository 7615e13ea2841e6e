import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { App } from "./types";

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

/** The SPA with history fallback: any non-API GET that is not a file answers index.html. */
export async function registerWebApp(app: App, webDist: string): Promise<void> {
  app.addHook("onSend", async (req, reply) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("X-Frame-Options", "DENY");
    if (!req.url.startsWith("/api/")) reply.header("Content-Security-Policy", CSP);
  });
  if (!existsSync(join(webDist, "index.html"))) {
    app.get("/", { config: { public: true } }, async (_req, reply) =>
      reply.type("text/plain").send("The web app is not built yet: run `npm run build`, then reload."),
    );
    return;
  }
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: "1h", immutable: false });
  const sendIndex = (reply: { header: (k: string, v: string) => unknown; sendFile: (f: string) => unknown }) => {
    reply.header("Cache-Control", "no-cache");
    return reply.sendFile("index.html");
  };
  app.get("/", { config: { public: true } }, (_req, reply) => sendIndex(reply));
  app.get("/*", { config: { public: true } }, (req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path.startsWith("/app/")) return reply.status(404).send({ message: "Not found." });
    if (/\.[a-z0-9]+$/i.test(path) && existsSync(join(webDist, path))) return reply.sendFile(path.slice(1));
    return sendIndex(reply);
  });
}
