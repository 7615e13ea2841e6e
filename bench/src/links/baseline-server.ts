/**
 * B10's baseline, run as its own process like the app server: a bare Fastify app (no hooks, no logger) with one
 * route answering every `/{code}` with a 302 to a fixed target and the same two headers the redirect sends — what
 * this machine can do for a redirect that looks nothing up and stores nothing.
 *   node --import tsx bench/src/links/baseline-server.ts
 * Prints `LISTENING <url>` once it accepts connections; SIGTERM closes it.
 */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/:code", async (_req, reply) =>
  reply.code(302).headers({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" }).redirect("https://shop.example.com/spring"),
);
const url = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`LISTENING ${url}\n`);
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
