import {
  CloneSegment,
  CreateSegment,
  IdParam,
  IdsBody,
  ListLeadsQuery,
  ListSegmentsQuery,
  MessageResponse,
  PreviewSegment,
  PreviewSegmentResponse,
  SaveSegmentFilters,
  Segment,
  SegmentLeadsPage,
  SegmentPage,
  UpdateSegment,
} from "@leadflow/contracts";
import {
  cloneSegment,
  createSegment,
  deleteSegments,
  getSegment,
  listSegments,
  previewSegment,
  refreshSegments,
  segmentLeads,
  updateSegment,
} from "@leadflow/domain";
import { z } from "zod";
import type { App, AppDeps } from "../types";

const tags = ["Audiences"];
const Saved = z.object({ message: z.string(), data: Segment });
const kind = (s: Segment) => (s.parent_id === null ? "Audience" : "Segment");

export async function segmentsRoutes(app: App, { database, jobs }: AppDeps) {
  const db = database.db;

  app.get(
    "/api/segments",
    { schema: { tags, summary: "Audiences", querystring: ListSegmentsQuery, response: { 200: SegmentPage } } },
    (req) => listSegments(db, req.auth, req.query, null),
  );
  app.post(
    "/api/segments",
    { schema: { tags, summary: "Create an audience, or a segment of one (parent_id)", body: CreateSegment, response: { 201: Saved } } },
    async (req, reply) => {
      const segment = await createSegment(db, jobs, req.auth, req.body);
      return reply.status(201).send({ message: `${kind(segment)} has been created.`, data: segment });
    },
  );
  app.post(
    "/api/segments/preview",
    {
      schema: {
        tags,
        summary: "How many leads a filter tree matches now",
        body: PreviewSegment,
        response: { 200: PreviewSegmentResponse },
      },
    },
    // On PostgreSQL the quick count's sample may run on a second connection of the pool, beside the count.
    (req) => previewSegment(db, req.auth, req.body, { concurrent: database.kind === "postgres" }),
  );
  app.post(
    "/api/segments/refresh",
    { schema: { tags, summary: "Queue segments for a rebuild", body: IdsBody, response: { 200: MessageResponse } } },
    async (req) => {
      await refreshSegments(db, jobs, req.auth, req.body.ids);
      return { message: "Segments added to refresh queue" };
    },
  );
  // Ids may come as a JSON body or as `ids[0]=…` in the query, like the other batch deletes.
  app.delete("/api/segments/batch", { schema: { tags, summary: "Delete segments", response: { 200: MessageResponse } } }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { ids } = IdsBody.parse({ ids: (req.query as Record<string, unknown>).ids ?? body.ids });
    const { deleted } = await deleteSegments(db, req.auth, ids);
    return { message: deleted === 1 ? "1 segment deleted." : `${deleted} segments deleted.` };
  });
  app.get(
    "/api/segments/:id",
    { schema: { tags, summary: "One segment", params: IdParam, response: { 200: z.object({ data: Segment }) } } },
    async (req) => ({
      data: await getSegment(db, req.auth, req.params.id),
    }),
  );
  app.put(
    "/api/segments/:id",
    {
      schema: {
        tags,
        summary: "Rename, switch 'Update dynamically', or save filters",
        params: IdParam,
        body: UpdateSegment,
        response: { 200: Saved },
      },
    },
    async (req) => {
      const segment = await updateSegment(db, jobs, req.auth, req.params.id, req.body);
      return { message: `${kind(segment)} has been updated.`, data: segment };
    },
  );
  app.post(
    "/api/segments/:id/filters",
    { schema: { tags, summary: "Save a segment's filters", params: IdParam, body: SaveSegmentFilters, response: { 200: Saved } } },
    async (req) => {
      const segment = await updateSegment(db, jobs, req.auth, req.params.id, { filters: req.body.filters });
      return { message: "Filters have been saved.", data: segment };
    },
  );
  app.post(
    "/api/segments/:id/clone",
    { schema: { tags, summary: "Duplicate a segment with its members", params: IdParam, body: CloneSegment, response: { 201: Saved } } },
    async (req, reply) => {
      const segment = await cloneSegment(db, req.auth, req.params.id, req.body);
      return reply.status(201).send({ message: `${kind(segment)} has been duplicated.`, data: segment });
    },
  );
  app.delete(
    "/api/segments/:id",
    { schema: { tags, summary: "Delete a segment and its children", params: IdParam, response: { 200: MessageResponse } } },
    async (req) => {
      const segment = await getSegment(db, req.auth, req.params.id);
      await deleteSegments(db, req.auth, [req.params.id]);
      return { message: `${kind(segment)} has been deleted.` };
    },
  );
  app.get(
    "/api/segments/:id/segments",
    {
      schema: {
        tags,
        summary: "An audience's segments",
        params: IdParam,
        querystring: ListSegmentsQuery.extend({ limit: ListSegmentsQuery.shape.limit.default(15) }),
        response: { 200: SegmentPage },
      },
    },
    (req) => listSegments(db, req.auth, req.query, req.params.id),
  );
  app.get(
    "/api/segments/:id/leads",
    {
      schema: {
        tags,
        summary: "A segment's leads (keyset pages)",
        params: IdParam,
        querystring: ListLeadsQuery,
        response: { 200: SegmentLeadsPage },
      },
    },
    (req) => segmentLeads(db, req.auth, req.params.id, req.query),
  );
}
