import {
  BatchDeleteResponse,
  BatchStatusRequest,
  BatchStatusResponse,
  EmailStatusQuery,
  IdParam,
  LeadCampaigns,
  LeadDetail,
  LeadLogPage,
  LeadLogQuery,
  LeadSegments,
  LeadSelection,
  LeadSources,
  LeadTablePage,
  ListLeadsQuery,
  PhoneStatusQuery,
  text,
  UpdateLeadValue,
  UpdateLeadValueResponse,
} from "@leadflow/contracts";
import {
  batchLeadStatus,
  deleteLeads,
  getLeadCampaigns,
  getLeadDetail,
  getLeadSegments,
  getLeadSources,
  leadLogPage,
  listLeads,
  setLeadEmailStatus,
  setLeadPhoneStatus,
  updateLeadEmail,
  updateLeadPhone,
  updateLeadValue,
} from "@leadflow/domain";
import { z } from "zod";
import type { App, AppDeps } from "../types";

const tags = ["Leads"];
/** The opaque id of a value on the lead page (LeadValue.id). */
const ValueIdParam = z.object({ id: text().min(1).max(200) });
/** `ids[0]=1&ids[1]=2` or `ids=1,2` in the query: the web app's way of sending a batch. */
const BatchDeleteQuery = z.object({
  ids: z.preprocess((v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()) : v), z.array(z.string())).optional(),
});

export async function leadsRoutes(app: App, { database }: AppDeps) {
  const db = database.db;
  const lead = (summary: string, response: z.ZodType) => ({ tags, summary, params: IdParam, response: { 200: response } });

  // ── Tables
  app.get(
    "/api/leads",
    { schema: { tags, summary: "The team's leads, one keyset page", querystring: ListLeadsQuery, response: { 200: LeadTablePage } } },
    (req) => listLeads(db, req.auth, req.query),
  );
  app.get(
    "/api/lists/:id/leads",
    { schema: { ...lead("A list's leads, one keyset page", LeadTablePage), querystring: ListLeadsQuery } },
    (req) => listLeads(db, req.auth, req.query, req.params.id),
  );

  // ── Bulk actions
  app.put(
    "/api/leads/batch-status",
    { schema: { tags, summary: "Set a status on selected leads", body: BatchStatusRequest, response: { 200: BatchStatusResponse } } },
    (req) => batchLeadStatus(db, req.auth, req.body),
  );
  app.delete(
    "/api/leads/batch",
    {
      schema: {
        tags,
        summary: "Delete selected leads (ids in the query, or a selection as the body)",
        querystring: BatchDeleteQuery,
        body: LeadSelection.nullish(),
        response: { 200: BatchDeleteResponse },
      },
    },
    (req) => deleteLeads(db, req.auth, LeadSelection.parse(req.query.ids ? { ids: req.query.ids } : (req.body ?? {}))),
  );

  // ── The lead page
  app.get("/api/leads/:id", { schema: lead("A lead with its values and lists", LeadDetail) }, (req) =>
    getLeadDetail(db, req.auth, req.params.id),
  );
  app.delete("/api/leads/:id", { schema: lead("Remove a lead", BatchDeleteResponse) }, (req) =>
    deleteLeads(db, req.auth, { ids: [req.params.id] }),
  );
  app.get("/api/leads/:id/sources", { schema: lead("The lead's sources and lists", LeadSources) }, (req) =>
    getLeadSources(db, req.auth, req.params.id),
  );
  app.get("/api/leads/:id/segments", { schema: lead("The lead's audiences and segments", LeadSegments) }, (req) =>
    getLeadSegments(db, req.auth, req.params.id),
  );
  app.get(
    "/api/leads/:id/campaigns",
    { schema: lead("The campaigns the lead has messages in, with its figures there", LeadCampaigns) },
    (req) => getLeadCampaigns(db, req.auth, req.params.id),
  );
  app.get(
    "/api/leads/:id/log",
    { schema: { ...lead("The lead's activity log, newest first", LeadLogPage), querystring: LeadLogQuery } },
    (req) => leadLogPage(db, req.auth, req.params.id, req.query),
  );

  // ── Edits
  const edit = (summary: string) => ({
    tags,
    summary,
    params: ValueIdParam,
    body: UpdateLeadValue,
    response: { 200: UpdateLeadValueResponse },
  });
  const updated = (data: LeadDetail) => ({ message: "Lead updated successfully!", data });
  app.put("/api/lead-values/:id", { schema: edit("Replace or remove a string value") }, async (req) =>
    updated(await updateLeadValue(db, req.auth, req.params.id, req.body.value)),
  );
  app.put("/api/lead-phones/:id", { schema: edit("Replace a phone") }, async (req) =>
    updated(await updateLeadPhone(db, req.auth, req.params.id, req.body.value)),
  );
  app.put("/api/lead-emails/:id", { schema: edit("Replace an email") }, async (req) =>
    updated(await updateLeadEmail(db, req.auth, req.params.id, req.body.value)),
  );
  const statusSet = (data: LeadDetail) => ({ message: "Status updated successfully!", data });
  const status = { tags, params: ValueIdParam, response: { 200: UpdateLeadValueResponse } };
  app.put(
    "/api/lead-phones/:id/status",
    { schema: { ...status, summary: "Set a phone's status (1–6)", querystring: PhoneStatusQuery } },
    async (req) => statusSet(await setLeadPhoneStatus(db, req.auth, req.params.id, req.query.status)),
  );
  app.put(
    "/api/lead-emails/:id/status",
    { schema: { ...status, summary: "Set an email's status (4 → 1, other → 4)", querystring: EmailStatusQuery } },
    async (req) => statusSet(await setLeadEmailStatus(db, req.auth, req.params.id, req.query.status)),
  );
}
