import {
  Aggregations,
  CreateSource,
  DeletedResponse,
  IdParam,
  IdsBody,
  ListQuery,
  ListSourcesQuery,
  MessageResponse,
  Source,
  SourcePage,
  SourcesTotal,
  SourcesWithListsPage,
  UpdateSource,
} from "@leadflow/contracts";
import {
  allSourcesWithLists,
  createSource,
  deleteSource,
  deleteSources,
  getSource,
  listSources,
  sourceAggregations,
  sourcesTotal,
  updateSource,
} from "@leadflow/domain";
import type { App, AppDeps } from "../types";

export async function sourcesRoutes(app: App, { database }: AppDeps) {
  const db = database.db;
  app.get("/api/sources", { schema: { querystring: ListSourcesQuery, response: { 200: SourcePage } } }, (req) =>
    listSources(db, req.auth, req.query),
  );
  app.post("/api/sources", { schema: { body: CreateSource, response: { 201: Source } } }, async (req, reply) =>
    reply.status(201).send(await createSource(db, req.auth, req.body)),
  );
  app.get("/api/sources/total", { schema: { response: { 200: SourcesTotal } } }, async (req) => sourcesTotal(db, req.auth));
  app.delete("/api/sources/batch", { schema: { querystring: IdsBody, response: { 200: DeletedResponse } } }, (req) =>
    deleteSources(db, req.auth, req.query.ids),
  );
  app.get("/api/sources/:id", { schema: { params: IdParam, response: { 200: Source } } }, (req) => getSource(db, req.auth, req.params.id));
  app.put("/api/sources/:id", { schema: { params: IdParam, body: UpdateSource, response: { 200: Source } } }, (req) =>
    updateSource(db, req.auth, req.params.id, req.body),
  );
  app.delete("/api/sources/:id", { schema: { params: IdParam, response: { 200: MessageResponse } } }, async (req, reply) => {
    await deleteSource(db, req.auth, req.params.id);
    return reply.status(200).send({ message: "Source deleted." });
  });
  app.get("/api/sources/:id/aggregations", { schema: { params: IdParam, response: { 200: Aggregations } } }, (req) =>
    sourceAggregations(db, req.auth, req.params.id),
  );
  app.get(
    "/api/all-sources-with-lists",
    {
      schema: {
        querystring: ListQuery.extend({ limit: ListQuery.shape.limit.default(100) }),
        response: { 200: SourcesWithListsPage },
      },
    },
    (req) => allSourcesWithLists(db, req.auth, req.query),
  );
}
