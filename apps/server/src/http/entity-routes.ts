import { IdParam, MessageResponse } from "@leadflow/contracts";
import type { Authenticated } from "@leadflow/domain";
import type { z } from "zod";
import type { App } from "./types";

/*
 * The five routes of a team's settings entity that answers its writes with a message (campaign routes and pools,
 * spam and sender email groups): GET `path` lists, POST `path` creates (201 with the message and the saved entity),
 * GET `path/:id` reads one, PUT `path/:id` updates (the message and the saved entity), DELETE `path/:id` answers the
 * message. Each route stays one domain call between the contract's request and response schemas, and the domain
 * functions' types are tied to those schemas: an answer that does not fit its schema is a type error at the caller.
 */

type Route = "list" | "create" | "one" | "update" | "delete";

export interface EntityRoutes<Entity, Save, ListAnswer, OneAnswer, Query> {
  path: string;
  tags: string[];
  schemas: {
    save: z.ZodType<Save>;
    /** The list's querystring; none when the list has no paging or search. */
    query?: z.ZodType<Query>;
    list: z.ZodType<ListAnswer>;
    /** The read of one: the entity itself, or `{ data }`, as the contract says. */
    one: z.ZodType<OneAnswer>;
    saved: z.ZodType<{ message: string; data: Entity }>;
  };
  summaries?: Partial<Record<Route, string>>;
  messages: { created: string; updated: string; deleted: string };
  list(auth: Authenticated, query: Query): Promise<ListAnswer>;
  create(auth: Authenticated, body: Save): Promise<Entity>;
  one(auth: Authenticated, id: number): Promise<OneAnswer>;
  update(auth: Authenticated, id: number, body: Save): Promise<Entity>;
  remove(auth: Authenticated, id: number): Promise<void>;
}

export function entityRoutes<Entity, Save, ListAnswer, OneAnswer, Query = undefined>(
  app: App,
  e: EntityRoutes<Entity, Save, ListAnswer, OneAnswer, Query>,
): void {
  const { path, tags, schemas, messages } = e;
  const doc = (route: Route) => ({ tags, ...(e.summaries?.[route] ? { summary: e.summaries[route] } : {}) });
  // The body schema is generic here, so Fastify cannot name the body's type: it is the schema's output, validated
  // before the handler runs.
  const body = (req: { body: unknown }) => req.body as Save;

  app.get(
    path,
    { schema: { ...doc("list"), ...(schemas.query ? { querystring: schemas.query } : {}), response: { 200: schemas.list } } },
    (req) => e.list(req.auth, req.query as Query),
  );
  app.post(path, { schema: { ...doc("create"), body: schemas.save, response: { 201: schemas.saved } } }, async (req, reply) =>
    reply.status(201).send({ message: messages.created, data: await e.create(req.auth, body(req)) }),
  );
  app.get(`${path}/:id`, { schema: { ...doc("one"), params: IdParam, response: { 200: schemas.one } } }, (req) =>
    e.one(req.auth, req.params.id),
  );
  app.put(
    `${path}/:id`,
    { schema: { ...doc("update"), params: IdParam, body: schemas.save, response: { 200: schemas.saved } } },
    async (req) => ({ message: messages.updated, data: await e.update(req.auth, req.params.id, body(req)) }),
  );
  app.delete(`${path}/:id`, { schema: { ...doc("delete"), params: IdParam, response: { 200: MessageResponse } } }, async (req) => {
    await e.remove(req.auth, req.params.id);
    return { message: messages.deleted };
  });
}
