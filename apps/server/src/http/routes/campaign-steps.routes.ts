import {
  AttachAudience,
  AudienceItems,
  type CampaignAudienceKind,
  CampaignStepList,
  CampaignStepSaved,
  IdParam,
  LeadTablePage,
  ListLeadsQuery,
  MessageResponse,
  SaveStep,
  StepMessages,
} from "@leadflow/contracts";
import { attachAudience, audienceOf, campaignLeads, copyStep, createStep, deleteStep, listSteps, updateStep } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

const tags = ["Campaigns"];

/** A campaign's audience (segments, sources, lists), its leads and its steps (docs/product/campaigns.md). */
export async function campaignStepsRoutes(app: App, { database }: AppDeps) {
  const db = database.db;

  const audience: [string, CampaignAudienceKind][] = [
    ["segments", "segment"],
    ["sources", "source"],
    ["lists", "list"],
  ];
  for (const [path, kind] of audience) {
    app.get(
      `/api/campaigns/:id/${path}`,
      { schema: { tags, summary: `The campaign's ${path}`, params: IdParam, response: { 200: AudienceItems } } },
      async (req) => ({ data: await audienceOf(db, req.auth, req.params.id, kind) }),
    );
    app.post(
      `/api/campaigns/:id/${path}`,
      {
        schema: {
          tags,
          summary: `Add one (id) or set the campaign's ${path} (ids)`,
          params: IdParam,
          body: AttachAudience,
          response: { 200: AudienceItems },
        },
      },
      async (req) => ({ data: await attachAudience(db, req.auth, req.params.id, kind, req.body) }),
    );
  }
  app.get(
    "/api/campaigns/:id/leads",
    {
      schema: {
        tags,
        summary: "The audience's leads (keyset pages)",
        params: IdParam,
        querystring: ListLeadsQuery,
        response: { 200: LeadTablePage },
      },
    },
    (req) => campaignLeads(db, req.auth, req.params.id, req.query),
  );

  app.get(
    "/api/campaigns/:id/campaign-steps",
    { schema: { tags, summary: "The campaign's steps with their parts", params: IdParam, response: { 200: CampaignStepList } } },
    async (req) => ({ data: await listSteps(db, req.auth, req.params.id) }),
  );
  app.post(
    "/api/campaigns/:id/campaign-steps",
    { schema: { tags, summary: "Add a step (while draft)", params: IdParam, body: SaveStep, response: { 201: CampaignStepSaved } } },
    async (req, reply) =>
      reply.status(201).send({ message: StepMessages.created, data: await createStep(db, req.auth, req.params.id, req.body) }),
  );
  app.put(
    "/api/campaign-steps/:id",
    { schema: { tags, summary: "Update a step", params: IdParam, body: SaveStep, response: { 200: CampaignStepSaved } } },
    async (req) => ({ message: StepMessages.updated, data: await updateStep(db, req.auth, req.params.id, req.body) }),
  );
  app.delete(
    "/api/campaign-steps/:id",
    { schema: { tags, summary: "Delete a step (while draft)", params: IdParam, response: { 200: MessageResponse } } },
    async (req) => {
      await deleteStep(db, req.auth, req.params.id);
      return { message: StepMessages.deleted };
    },
  );
  app.post(
    "/api/campaign-steps/:id/copy",
    { schema: { tags, summary: "Copy a step to the end (while draft)", params: IdParam, response: { 201: CampaignStepSaved } } },
    async (req, reply) => reply.status(201).send({ message: StepMessages.copied, data: await copyStep(db, req.auth, req.params.id) }),
  );
}
