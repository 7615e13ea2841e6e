import {
  CampaignBatchResult,
  CampaignBatchStatus,
  CampaignClickTrigger,
  CampaignCountersQuery,
  CampaignIdsAnswer,
  CampaignListQuery,
  CampaignMessages,
  CampaignNames,
  CampaignNamesQuery,
  CampaignPage,
  CampaignSaved,
  CampaignSegmentCreated,
  CampaignTodayCounters,
  CreateCampaignSegment,
  IdParam,
  IdsBody,
  ListByTriggerQuery,
  MessageResponse,
  OneCampaign,
  SaveCampaign,
} from "@leadflow/contracts";
import {
  archiveCampaigns,
  campaignNames,
  campaignsByTrigger,
  changeCampaignStatus,
  copyCampaigns,
  createCampaign,
  createCampaignSegment,
  deleteCampaign,
  deleteCampaigns,
  expireCampaignLinks,
  getCampaign,
  listCampaigns,
  periodCounters,
  publishCampaigns,
  setClickTrigger,
  updateCampaign,
} from "@leadflow/domain";
import type { App, AppDeps } from "../types";

const tags = ["Campaigns"];

/** Ids from a JSON body or from `ids[0]=…` in the query, as the other batch deletes take them. */
const idsOf = (req: { body: unknown; query: unknown }) =>
  IdsBody.parse({ ids: (req.query as Record<string, unknown>).ids ?? ((req.body ?? {}) as Record<string, unknown>).ids }).ids;

/** The campaign list, its cards and bulk actions, and one campaign's read, edit and delete. */
export async function campaignsRoutes(app: App, { database, jobs, live }: AppDeps) {
  const db = database.db;

  app.get(
    "/api/campaigns",
    {
      schema: { tags, summary: "Campaign list with the period's figures", querystring: CampaignListQuery, response: { 200: CampaignPage } },
    },
    (req) => listCampaigns(db, req.auth, req.query),
  );
  app.get(
    "/api/campaigns/statistics/counters",
    {
      schema: {
        tags,
        summary: "Sent, delivered, clicks and cost of the list's period (today by default), per SMS and email",
        querystring: CampaignCountersQuery,
        response: { 200: CampaignTodayCounters },
      },
    },
    (req) => periodCounters(db, req.auth, req.query),
  );
  app.get(
    "/api/campaigns/list-names",
    { schema: { tags, summary: "The team's campaigns for pickers", querystring: CampaignNamesQuery, response: { 200: CampaignNames } } },
    (req) => campaignNames(db, req.auth, req.query.types),
  );
  app.get(
    "/api/automations/list-by-trigger",
    {
      schema: {
        tags,
        summary: "Trigger campaigns that start on a trigger",
        querystring: ListByTriggerQuery,
        response: { 200: CampaignNames },
      },
    },
    (req) => campaignsByTrigger(db, req.auth, req.query.trigger),
  );
  app.post(
    "/api/campaigns",
    { schema: { tags, summary: "Create a campaign (a draft)", body: SaveCampaign, response: { 201: CampaignSaved } } },
    async (req, reply) => reply.status(201).send({ message: CampaignMessages.created, data: await createCampaign(db, req.auth, req.body) }),
  );
  app.put(
    "/api/campaigns/batch-status",
    { schema: { tags, summary: "Set status of campaigns", body: CampaignBatchStatus, response: { 200: CampaignBatchResult } } },
    async (req) => {
      const result = await changeCampaignStatus(db, req.auth, req.body.ids, req.body.status, jobs);
      // Committed: every open list and campaign page sees the new status (an unchanged one is sent again, harmlessly).
      await publishCampaigns({ db, live }, req.body.ids);
      return result;
    },
  );
  app.delete("/api/campaigns/batch", { schema: { tags, summary: "Delete campaigns", response: { 200: MessageResponse } } }, async (req) => {
    const deleted = await deleteCampaigns(db, req.auth, idsOf(req));
    return { message: deleted === 1 ? "1 campaign deleted." : `${deleted} campaigns deleted.` };
  });
  app.post(
    "/api/campaigns/copy",
    { schema: { tags, summary: "Copy campaigns (settings, steps, audience)", body: IdsBody, response: { 201: CampaignIdsAnswer } } },
    async (req, reply) =>
      reply.status(201).send({ message: CampaignMessages.copied, ids: await copyCampaigns(db, req.auth, req.body.ids) }),
  );
  app.post(
    "/api/campaigns/batch-archive",
    { schema: { tags, summary: "Archive campaigns", body: IdsBody, response: { 200: MessageResponse } } },
    async (req) => {
      await archiveCampaigns(db, req.auth, req.body.ids, true);
      return { message: CampaignMessages.archived };
    },
  );
  app.delete(
    "/api/campaigns/batch-archive",
    { schema: { tags, summary: "Remove campaigns from the archive", response: { 200: MessageResponse } } },
    async (req) => {
      await archiveCampaigns(db, req.auth, idsOf(req), false);
      return { message: CampaignMessages.unarchived };
    },
  );
  app.put(
    "/api/campaigns/click-trigger",
    { schema: { tags, summary: "Set the click trigger campaign", body: CampaignClickTrigger, response: { 200: MessageResponse } } },
    async (req) => {
      await setClickTrigger(db, req.auth, req.body);
      return { message: CampaignMessages.clickTrigger };
    },
  );
  app.get(
    "/api/campaigns/:id",
    { schema: { tags, summary: "One campaign", params: IdParam, response: { 200: OneCampaign } } },
    async (req) => ({
      data: await getCampaign(db, req.auth, req.params.id),
    }),
  );
  app.put(
    "/api/campaigns/:id",
    { schema: { tags, summary: "Update a campaign", params: IdParam, body: SaveCampaign, response: { 200: CampaignSaved } } },
    async (req) => ({ message: CampaignMessages.updated, data: await updateCampaign(db, req.auth, req.params.id, req.body) }),
  );
  app.delete(
    "/api/campaigns/:id",
    { schema: { tags, summary: "Delete a campaign (hidden once it has started)", params: IdParam, response: { 200: MessageResponse } } },
    async (req) => {
      await deleteCampaign(db, req.auth, req.params.id);
      return { message: CampaignMessages.deleted };
    },
  );
  app.post(
    "/api/campaigns/:id/create-segment",
    {
      schema: {
        tags,
        summary: "Create a segment of the campaign's leads by message status and engagement",
        params: IdParam,
        body: CreateCampaignSegment,
        response: { 201: CampaignSegmentCreated },
      },
    },
    async (req, reply) => reply.status(201).send(await createCampaignSegment(db, jobs, req.auth, req.params.id, req.body)),
  );
  app.post(
    "/api/campaigns/:id/expire-links",
    { schema: { tags, summary: "Expire every link the campaign has sent", params: IdParam, response: { 200: MessageResponse } } },
    async (req) => {
      await expireCampaignLinks(db, req.auth, req.params.id);
      return { message: CampaignMessages.linksExpired };
    },
  );
}
