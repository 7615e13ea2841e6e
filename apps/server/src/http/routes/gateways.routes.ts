import {
  EmailGatewaySenders,
  Gateway,
  GatewayOptions,
  GatewayOptionsQuery,
  GatewayPage,
  GatewaySaved,
  IdParam,
  ListGatewaysQuery,
  MessageResponse,
  SaveGateway,
  TestGatewayDraft,
  TestGatewayResult,
} from "@leadflow/contracts";
import {
  createGateway,
  deleteGateway,
  emailGatewaySenders,
  GatewayMessages,
  gatewayOptions,
  getGateway,
  hitRateLimit,
  listGateways,
  providerOptionsFromEnv,
  putBackInRotation,
  testGatewayDraft,
  testSavedGateway,
  updateGateway,
} from "@leadflow/domain";
import { z } from "zod";
import type { App, AppDeps } from "../types";

const tags = ["Integrations"];
const One = z.object({ data: Gateway });
/** Each test calls a provider from this server: a team gets a few per minute, not a request amplifier. */
const TEST_RATE = { limit: 20, windowSeconds: 60 };

export async function gatewaysRoutes(app: App, { database, config }: AppDeps) {
  const db = database.db;
  const providerOptions = providerOptionsFromEnv(process.env);

  app.get(
    "/api/gateways",
    {
      schema: {
        tags,
        summary: "Gateways of a kind (the platform's defaults included, flagged default)",
        querystring: ListGatewaysQuery,
        response: { 200: GatewayPage },
      },
    },
    (req) => listGateways(db, req.auth, req.query),
  );
  app.get(
    "/api/gateways/options",
    {
      schema: {
        tags,
        summary: "Gateways for pickers: active ones; for lookup kinds only those that allow lookups",
        querystring: GatewayOptionsQuery,
        response: { 200: GatewayOptions },
      },
    },
    (req) => gatewayOptions(db, req.auth, req.query.kind),
  );
  app.post(
    "/api/gateways",
    { schema: { tags, summary: "Create an integration", body: SaveGateway, response: { 201: GatewaySaved } } },
    async (req, reply) => reply.status(201).send({ message: GatewayMessages.created, data: await createGateway(db, req.auth, req.body) }),
  );
  app.post(
    "/api/gateways/test",
    {
      schema: {
        tags,
        summary: "Test connection with unsaved settings (with id: masked secrets stand for the saved ones)",
        body: TestGatewayDraft,
        response: { 200: TestGatewayResult },
      },
    },
    async (req) => {
      await hitRateLimit(db, `gateway-test:${req.auth.teamId}`, TEST_RATE);
      return testGatewayDraft(db, req.auth, req.body, providerOptions);
    },
  );
  app.get("/api/gateways/:id", { schema: { tags, summary: "One integration", params: IdParam, response: { 200: One } } }, async (req) => ({
    data: await getGateway(db, req.auth, req.params.id),
  }));
  app.put(
    "/api/gateways/:id",
    {
      schema: {
        tags,
        summary: "Update an integration (kind and type stay; a masked or empty secret keeps the saved one)",
        params: IdParam,
        body: SaveGateway,
        response: { 200: GatewaySaved },
      },
    },
    async (req) => ({ message: GatewayMessages.updated, data: await updateGateway(db, req.auth, req.params.id, req.body) }),
  );
  app.delete(
    "/api/gateways/:id",
    {
      schema: {
        tags,
        summary: "Delete an integration (lookups still using it stop)",
        params: IdParam,
        response: { 200: MessageResponse },
      },
    },
    async (req) => {
      await deleteGateway(db, req.auth, req.params.id);
      return { message: GatewayMessages.deleted };
    },
  );
  app.post(
    "/api/gateways/:id/test",
    { schema: { tags, summary: "Test connection of a saved integration", params: IdParam, response: { 200: TestGatewayResult } } },
    async (req) => {
      await hitRateLimit(db, `gateway-test:${req.auth.teamId}`, TEST_RATE);
      return testSavedGateway(db, req.auth, req.params.id, providerOptions);
    },
  );
  app.post(
    "/api/gateways/:id/rotation",
    {
      schema: {
        tags,
        summary: "Put a gateway and its senders back in rotation after carriers' filtering took them out",
        params: IdParam,
        response: { 200: GatewaySaved },
      },
    },
    async (req) => putBackInRotation(db, req.auth, req.params.id),
  );
  app.get(
    "/api/gateways/:id/email-senders",
    {
      schema: {
        tags,
        summary: "The verified addresses and domains an email gateway may send from, as its provider says",
        params: IdParam,
        response: { 200: EmailGatewaySenders },
      },
    },
    async (req) => {
      await hitRateLimit(db, `gateway-test:${req.auth.teamId}`, TEST_RATE);
      return emailGatewaySenders(db, req.auth, req.params.id, { publicUrl: config.appUrl, providerOptions });
    },
  );
}
