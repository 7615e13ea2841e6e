import {
  CreateLeadAttributes,
  CreateLeadAttributesResponse,
  IdParam,
  LeadAttribute,
  LeadAttributePage,
  LeadAttributesAll,
  LeadAttributeUsage,
  ListLeadAttributesQuery,
  MessageResponse,
  UpdateLeadAttribute,
} from "@leadflow/contracts";
import { allAttributes, attributeUsage, createAttributes, deleteAttribute, listAttributes, updateAttribute } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

export async function attributesRoutes(app: App, { database }: AppDeps) {
  const db = database.db;
  app.get("/api/lead-attributes", { schema: { querystring: ListLeadAttributesQuery, response: { 200: LeadAttributePage } } }, (req) =>
    listAttributes(db, req.auth, req.query),
  );
  app.get("/api/lead-attributes-all", { schema: { response: { 200: LeadAttributesAll } } }, async (req) => ({
    data: await allAttributes(db, req.auth.teamId),
  }));
  app.post(
    "/api/lead-attributes",
    { schema: { body: CreateLeadAttributes, response: { 201: CreateLeadAttributesResponse } } },
    async (req, reply) => reply.status(201).send({ data: await createAttributes(db, req.auth, req.body) }),
  );
  app.put("/api/lead-attributes/:id", { schema: { params: IdParam, body: UpdateLeadAttribute, response: { 200: LeadAttribute } } }, (req) =>
    updateAttribute(db, req.auth, req.params.id, req.body),
  );
  app.get("/api/lead-attributes/:id/usage", { schema: { params: IdParam, response: { 200: LeadAttributeUsage } } }, async (req) => ({
    data: await attributeUsage(db, req.auth, req.params.id),
  }));
  app.delete("/api/lead-attributes/:id", { schema: { params: IdParam, response: { 200: MessageResponse } } }, async (req) => {
    await deleteAttribute(db, req.auth, req.params.id);
    return { message: "Attribute deleted." };
  });
}
