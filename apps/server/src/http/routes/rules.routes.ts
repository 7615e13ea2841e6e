import { IdParam, ListRulesQuery, MessageResponse, Rule, RulePage, SaveRule } from "@leadflow/contracts";
import { createRule, deleteRule, getRule, listRules, updateRule } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

export async function rulesRoutes(app: App, { database }: AppDeps) {
  const db = database.db;
  const list = { schema: { querystring: ListRulesQuery, response: { 200: RulePage } } };
  // Clients also call `{base}/rules/` with the slash; both spellings answer the same list.
  app.get("/api/rules", list, (req) => listRules(db, req.auth, req.query));
  app.get("/api/rules/", list, (req) => listRules(db, req.auth, req.query));
  app.post("/api/rules", { schema: { body: SaveRule, response: { 201: Rule } } }, async (req, reply) =>
    reply.status(201).send(await createRule(db, req.auth, req.body)),
  );
  app.get("/api/rules/:id", { schema: { params: IdParam, response: { 200: Rule } } }, (req) => getRule(db, req.auth, req.params.id));
  app.put("/api/rules/:id", { schema: { params: IdParam, body: SaveRule, response: { 200: Rule } } }, (req) =>
    updateRule(db, req.auth, req.params.id, req.body),
  );
  app.delete("/api/rules/:id", { schema: { params: IdParam, response: { 200: MessageResponse } } }, async (req) => {
    await deleteRule(db, req.auth, req.params.id);
    return { message: "Rule has been deleted." };
  });
}
