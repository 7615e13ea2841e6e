import {
  Balance,
  BalanceTransactionPage,
  BulkLookupStatus,
  IdParam,
  IdsBody,
  ListLookupsQuery,
  ListQuery,
  LookupFreshness,
  LookupJob,
  LookupJobPage,
  MessageResponse,
  RelookupLead,
  SaveLookup,
  SegmentLookupBatch,
  SetLookupStatus,
  StartedLookups,
  StartScopeLookup,
} from "@leadflow/contracts";
import {
  bulkStartLookups,
  bulkStopLookups,
  createLookup,
  deleteLookup,
  enqueueLookups,
  getBalance,
  getFreshness,
  getLookupJob,
  listBalanceTransactions,
  listLookupJobs,
  relookupLead,
  type ScopeKind,
  sendLookupData,
  setFreshness,
  setLookupStatus,
  startScopeLookups,
  type TeamCtx,
  teamUserIds,
  updateLookup,
} from "@leadflow/domain";
import { z } from "zod";
import type { App, AppDeps } from "../types";

const tags = ["Lookups"];
const Saved = z.object({ message: z.string(), data: LookupJob });

/**
 * Lookup jobs (spec 2 §7 Lookups; spec 1 §7 sources/lists lookup, lead relookup), the team's balance and its
 * lookup freshness. Every route that leaves a job running enqueues its runner; status changes are pushed as
 * `LookupData` to the team at once, so every open page moves without waiting for the runner.
 */
export async function lookupsRoutes(app: App, { database, jobs, live }: AppDeps) {
  const db = database.db;
  const started = async (ctx: TeamCtx, ids: number[]) => {
    await enqueueLookups(jobs, ctx.teamId, ids);
    const users = await teamUserIds(db, ctx.teamId);
    const data = [];
    for (const id of ids) {
      const job = await getLookupJob(db, ctx.teamId, id);
      await sendLookupData(db, live, ctx.teamId, job, users);
      data.push(job);
    }
    return data;
  };

  app.get("/api/lookup", { schema: { tags, summary: "Lookups", querystring: ListLookupsQuery, response: { 200: LookupJobPage } } }, (req) =>
    listLookupJobs(db, req.auth, req.query),
  );
  app.get("/api/lookup/:id", { schema: { tags, summary: "A lookup", params: IdParam, response: { 200: LookupJob } } }, (req) =>
    getLookupJob(db, req.auth.teamId, req.params.id),
  );
  app.post(
    "/api/lookup",
    { schema: { tags, summary: "Create a lookup (pending, or started with status 1)", body: SaveLookup, response: { 201: Saved } } },
    async (req, reply) => {
      const job = await createLookup(db, req.auth, req.body);
      if (job.status === 1) await started(req.auth, [job.id]);
      return reply.status(201).send({ message: job.status === 1 ? "Lookup has been started" : "Lookup has been created.", data: job });
    },
  );
  app.put(
    "/api/lookup/:id",
    { schema: { tags, summary: "Edit a lookup", params: IdParam, body: SaveLookup, response: { 200: Saved } } },
    async (req) => {
      const job = await updateLookup(db, req.auth, req.params.id, req.body);
      if (job.status === 1) await started(req.auth, [job.id]);
      return { message: "Lookup has been updated.", data: job };
    },
  );
  app.delete(
    "/api/lookup/:id",
    { schema: { tags, summary: "Delete a lookup", params: IdParam, response: { 200: MessageResponse } } },
    async (req) => {
      await deleteLookup(db, req.auth, req.params.id);
      return { message: "Lookup has been deleted." };
    },
  );
  app.post(
    "/api/lookup/:id/status",
    {
      schema: {
        tags,
        summary: "Start (1), pause (2) or stop (4) a lookup",
        params: IdParam,
        body: SetLookupStatus,
        response: { 200: Saved },
      },
    },
    async (req) => {
      const r = await setLookupStatus(db, req.auth, req.params.id, req.body);
      if (r.run) await started(req.auth, [r.job.id]);
      else await sendLookupData(db, live, req.auth.teamId, r.job);
      return { message: r.message, data: r.job };
    },
  );
  app.post(
    "/api/lookup-start",
    { schema: { tags, summary: "Start the selected lookups", body: BulkLookupStatus, response: { 200: MessageResponse } } },
    async (req) => {
      await started(req.auth, await bulkStartLookups(db, req.auth, req.body));
      return { message: "Selected lookups have been started" };
    },
  );
  app.post(
    "/api/lookup-stop",
    { schema: { tags, summary: "Pause the selected lookups", body: IdsBody, response: { 200: MessageResponse } } },
    async (req) => {
      await bulkStopLookups(db, req.auth, req.body.ids);
      const users = await teamUserIds(db, req.auth.teamId);
      for (const id of req.body.ids) await sendLookupData(db, live, req.auth.teamId, await getLookupJob(db, req.auth.teamId, id), users);
      return { message: "Lookup stopped" };
    },
  );

  const scopeRoute = (path: string, kind: ScopeKind, body: typeof StartScopeLookup | typeof SegmentLookupBatch, summary: string) =>
    app.post(path, { schema: { tags, summary, body, response: { 200: StartedLookups } } }, async (req) => {
      const ids = await startScopeLookups(db, req.auth, kind, req.body as StartScopeLookup);
      return { message: "Lookup has been started", data: await started(req.auth, ids) };
    });
  scopeRoute("/api/sources/lookup", "source", StartScopeLookup, "Look up the phones or emails of sources");
  scopeRoute("/api/sources/lists/lookup", "list", StartScopeLookup, "Look up the phones or emails of lists");
  scopeRoute("/api/segments/lookup/batch", "segment", SegmentLookupBatch, "Look up the phones or emails of audiences and segments");

  app.post(
    "/api/leads/:id/relookup",
    { schema: { tags, summary: "Look up a lead's phones or emails again", params: IdParam, body: RelookupLead, response: { 200: Saved } } },
    async (req) => {
      const id = await relookupLead(db, req.auth, req.params.id, req.body);
      const [job] = await started(req.auth, [id]);
      return { message: "Lookup has been started", data: job! };
    },
  );

  app.get("/api/balance", { schema: { tags: ["Billing"], summary: "The team's balance", response: { 200: Balance } } }, (req) =>
    getBalance(db, req.auth.teamId),
  );
  app.get(
    "/api/balance/transactions",
    {
      schema: {
        tags: ["Billing"],
        summary: "The team's balance ledger",
        querystring: ListQuery,
        response: { 200: BalanceTransactionPage },
      },
    },
    (req) => listBalanceTransactions(db, req.auth.teamId, req.query),
  );
  app.get(
    "/api/lookup-settings",
    { schema: { tags, summary: "How old a result may be and still be reused", response: { 200: LookupFreshness } } },
    (req) => getFreshness(db, req.auth.teamId),
  );
  app.put(
    "/api/lookup-settings",
    {
      schema: {
        tags,
        summary: "Set how old a result may be and still be reused",
        body: LookupFreshness,
        response: { 200: z.object({ message: z.string(), data: LookupFreshness }) },
      },
    },
    async (req) => ({ message: "Lookup settings have been saved.", data: await setFreshness(db, req.auth.teamId, req.body) }),
  );
}
