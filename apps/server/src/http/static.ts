import { existsSync, statSync } from "node:fs";
import { join, sep } from "node:path";
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

/** Vite names every file under assets/ by its content hash: a changed file is a new URL. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** The shell and unhashed files are revalidated (ETag) so a tab opened after an upgrade loads the new build. */
const REVALIDATE = "no-cache";

/**
 * The SPA with history fallback: any non-API GET that is not a file answers index.html. A missing file (an old
 * tab asking for the previous build's chunk) is a 404: served the HTML, the browser would run the page as a script.
 */
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
  const assets = join(webDist, "assets", sep);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The plugin's own Cache-Control would overwrite ours; every file gets its header here instead.
    cacheControl: false,
    setHeaders: (reply, path) => reply.header("Cache-Control", path.startsWith(assets) ? IMMUTABLE : REVALIDATE),
  });
  app.get("/", { config: { public: true } }, (_req, reply) => reply.sendFile("index.html"));
  app.get("/*", { config: { public: true } }, (req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path.startsWith("/app/")) return reply.status(404).send({ message: "Not found." });
    if (path.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(path)) {
      if (isFileIn(webDist, path)) return reply.sendFile(path.slice(1));
      return reply.status(404).header("Cache-Control", REVALIDATE).send({ message: "Not found." });
    }
    return reply.sendFile("index.html");
  });
}

/** A file added after start (the plugin lists files once); never a directory or a path that climbs out. */
function isFileIn(root: string, urlPath: string): boolean {
  const full = join(root, urlPath);
  return full.startsWith(join(root, sep)) && statSync(full, { throwIfNoEntry: false })?.isFile() === true;
}
