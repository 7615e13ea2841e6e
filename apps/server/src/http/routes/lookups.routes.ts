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
  StartLeadsLookup,
  StartScopeLookup,
} from "@leadflow/contracts";
import {
  addLookup,
  changeLookupStatus,
  deleteLookup,
  editLookup,
  getBalance,
  getFreshness,
  getLookupJob,
  listBalanceTransactions,
  listLookupJobs,
  pauseLookups,
  runLeadsLookup,
  runRelookup,
  runScopeLookups,
  type ScopeKind,
  setFreshness,
  startLookups,
} from "@leadflow/domain";
import { z } from "zod";
import type { App, AppDeps } from "../types";

const tags = ["Lookups"];
const Saved = z.object({ message: z.string(), data: LookupJob });

/**
 * Lookup jobs (docs/product/audiences-lookups-settings.md), the team's balance and its
 * lookup freshness. The commands queue the runners of the jobs they leave running and push status changes to the
 * team (lookup-commands.ts).
 */
export async function lookupsRoutes(app: App, { database, jobs, live }: AppDeps) {
  const db = database.db;
  const deps = { jobs, live };

  app.get("/api/lookup", { schema: { tags, summary: "Lookups", querystring: ListLookupsQuery, response: { 200: LookupJobPage } } }, (req) =>
    listLookupJobs(db, req.auth, req.query),
  );
  app.get("/api/lookup/:id", { schema: { tags, summary: "A lookup", params: IdParam, response: { 200: LookupJob } } }, (req) =>
    getLookupJob(db, req.auth.teamId, req.params.id),
  );
  app.post(
    "/api/lookup",
    { schema: { tags, summary: "Create a lookup (pending, or started with status 1)", body: SaveLookup, response: { 201: Saved } } },
    async (req, reply) => reply.status(201).send(await addLookup(db, deps, req.auth, req.body)),
  );
  app.put(
    "/api/lookup/:id",
    { schema: { tags, summary: "Edit a lookup", params: IdParam, body: SaveLookup, response: { 200: Saved } } },
    (req) => editLookup(db, deps, req.auth, req.params.id, req.body),
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
    (req) => changeLookupStatus(db, deps, req.auth, req.params.id, req.body),
  );
  app.post(
    "/api/lookup-start",
    { schema: { tags, summary: "Start the selected lookups", body: BulkLookupStatus, response: { 200: MessageResponse } } },
    async (req) => {
      await startLookups(db, deps, req.auth, req.body);
      return { message: "Selected lookups have been started" };
    },
  );
  app.post(
    "/api/lookup-stop",
    { schema: { tags, summary: "Pause the selected lookups", body: IdsBody, response: { 200: MessageResponse } } },
    async (req) => {
      await pauseLookups(db, deps, req.auth, req.body.ids);
      return { message: "Lookup stopped" };
    },
  );

  const scopeRoute = (path: string, kind: ScopeKind, body: typeof StartScopeLookup | typeof SegmentLookupBatch, summary: string) =>
    app.post(path, { schema: { tags, summary, body, response: { 200: StartedLookups } } }, async (req) => {
      const data = await runScopeLookups(db, deps, req.auth, kind, req.body as StartScopeLookup);
      return { message: "Lookup has been started", data };
    });
  scopeRoute("/api/sources/lookup", "source", StartScopeLookup, "Look up the phones or emails of sources");
  scopeRoute("/api/sources/lists/lookup", "list", StartScopeLookup, "Look up the phones or emails of lists");
  scopeRoute("/api/segments/lookup/batch", "segment", SegmentLookupBatch, "Look up the phones or emails of audiences and segments");

  app.post(
    "/api/leads/lookup",
    {
      schema: {
        tags,
        summary: "Look up the phones, emails or consent certificates of the leads table's selection",
        body: StartLeadsLookup,
        response: { 200: Saved },
      },
    },
    async (req) => ({ message: "Lookup has been started", data: await runLeadsLookup(db, deps, req.auth, req.body) }),
  );

  app.post(
    "/api/leads/:id/relookup",
    { schema: { tags, summary: "Look up a lead's phones or emails again", params: IdParam, body: RelookupLead, response: { 200: Saved } } },
    async (req) => ({ message: "Lookup has been started", data: await runRelookup(db, deps, req.auth, req.params.id, req.body) }),
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
