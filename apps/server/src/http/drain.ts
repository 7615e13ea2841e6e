import type { FastifyInstance } from "fastify";

/** Seconds a client should wait before it retries; by then the load balancer sends it to another process. */
const RETRY_AFTER_SECONDS = 5;

const draining = new WeakSet<FastifyInstance>();

/**
 * Once a drain begins, every answer closes its connection, so no client sends its next request to a process that
 * is going away; a request that still lands (pipelined, or on a connection whose answer went out before the drain)
 * gets the API's 503 with Retry-After. Register before any other onRequest hook: a refused request touches nothing.
 */
export function registerDrain(app: FastifyInstance): void {
  app.addHook("onRequest", async (_req, reply) => {
    if (!draining.has(app)) return;
    reply.header("Connection", "close").header("Retry-After", String(RETRY_AFTER_SECONDS));
    return reply.status(503).send({ message: "Leadflow is restarting. Please try again in a moment." });
  });
  app.addHook("onSend", async (_req, reply) => {
    if (draining.has(app)) reply.header("Connection", "close");
  });
  // An answer whose headers left before the drain promised keep-alive: close its connection once it is idle.
  app.addHook("onResponse", async (_req, reply) => {
    if (draining.has(app) && reply.getHeader("connection") !== "close") setImmediate(() => app.server.closeIdleConnections());
  });
  // A plain app.close() drains the same way.
  app.addHook("preClose", async () => {
    draining.add(app);
  });
}

/** Stops the HTTP side without callers noticing: idle connections close at once, requests in flight finish. */
export async function drain(app: FastifyInstance): Promise<void> {
  draining.add(app);
  app.server.closeIdleConnections();
  await app.close();
}

/** Whether the drain began (the plain short-link handler then leaves every request to Fastify's answer). */
export function isDraining(app: FastifyInstance): boolean {
  return draining.has(app);
}
