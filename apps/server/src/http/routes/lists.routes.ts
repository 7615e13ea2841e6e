import {
  Aggregations,
  CreateList,
  DeletedResponse,
  IdParam,
  IdsBody,
  LeadList,
  LeadListPage,
  ListQuery,
  MessageResponse,
  UpdateList,
} from "@leadflow/contracts";
import { createList, deleteList, deleteLists, getList, listAggregations, listLists, updateList } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

export async function listsRoutes(app: App, { database }: AppDeps) {
  const db = database.db;
  app.get(
    "/api/sources/:id/lists",
    {
      schema: {
        params: IdParam,
        querystring: ListQuery.extend({ limit: ListQuery.shape.limit.default(100) }),
        response: { 200: LeadListPage },
      },
    },
    (req) => listLists(db, req.auth, req.params.id, req.query),
  );
  app.post("/api/sources/:id/lists", { schema: { params: IdParam, body: CreateList, response: { 201: LeadList } } }, async (req, reply) =>
    reply.status(201).send(await createList(db, req.auth, req.params.id, req.body)),
  );
  // Ids may come as a query (`ids[0]=…`) like the sources batch, or as a JSON body.
  app.delete("/api/sources/lists/batch", { schema: { response: { 200: DeletedResponse } } }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { ids } = IdsBody.parse({ ids: (req.query as Record<string, unknown>).ids ?? body.ids });
    return deleteLists(db, req.auth, ids);
  });
  app.get("/api/sources/lists/:id", { schema: { params: IdParam, response: { 200: LeadList } } }, (req) =>
    getList(db, req.auth, req.params.id),
  );
  app.put("/api/sources/lists/:id", { schema: { params: IdParam, body: UpdateList, response: { 200: LeadList } } }, (req) =>
    updateList(db, req.auth, req.params.id, req.body),
  );
  app.delete("/api/sources/lists/:id", { schema: { params: IdParam, response: { 200: MessageResponse } } }, async (req) => {
    await deleteList(db, req.auth, req.params.id);
    return { message: "List deleted." };
  });
  app.get("/api/sources/lists/:id/aggregations", { schema: { params: IdParam, response: { 200: Aggregations } } }, (req) =>
    listAggregations(db, req.auth, req.params.id),
  );
}
