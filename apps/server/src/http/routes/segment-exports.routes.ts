import { ExportSegment, ExportSegmentResponse, IdParam, SegmentExportsResponse, text } from "@leadflow/contracts";
import {
  AppError,
  authenticate,
  createFileStore,
  exportDownload,
  exportSegment,
  listSegmentExports,
  verifyExportLink,
} from "@leadflow/domain";
import { z } from "zod";
import { bearerToken } from "../auth";
import type { App, AppDeps } from "../types";

const tags = ["Audiences"];
/** A signed download link's proof (export-links.ts); without it the request needs the bearer token. */
const DownloadQuery = z.object({ token: text().max(200).optional() });

/** Export as CSV (docs/product/audiences-lookups-settings.md): ask for a file, list the team's files, download one. */
export async function segmentExportsRoutes(app: App, { database, config, jobs, files: given }: AppDeps) {
  const db = database.db;
  const files = given ?? createFileStore(config.files);

  app.post(
    "/api/segments/:id/export",
    {
      schema: {
        tags,
        summary: "Export a segment's leads as CSV: the visible attribute columns, with the table's search and order",
        params: IdParam,
        body: ExportSegment,
        response: { 200: ExportSegmentResponse },
      },
    },
    (req) => exportSegment(db, jobs, req.auth, req.params.id, req.body, { files }),
  );

  app.get(
    "/api/segments/exports",
    { schema: { tags, summary: "The team's export files, newest first (up to 100)", response: { 200: SegmentExportsResponse } } },
    (req) => listSegmentExports(db, req.auth),
  );

  app.get(
    "/api/segments/exports/:id/download",
    {
      // Browsers follow download links without an Authorization header: the route checks the link's token or
      // the bearer token itself. Another team's file, a forged or an expired link are all a 404.
      config: { public: true },
      schema: {
        tags,
        summary: "Download a completed export file (bearer token, or the signed `url` of the export)",
        params: IdParam,
        querystring: DownloadQuery,
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const teamId =
        req.query.token !== undefined
          ? await verifyExportLink(db, id, req.query.token)
          : (await authenticate(db, bearerToken(req) ?? "")).teamId;
      if (teamId === null) {
        throw new AppError("export_not_found", "This download link is not valid or has expired: download the file again from Settings.");
      }
      // Streamed from the store through the API (S3 too), so the signed link keeps its shape and its 7 days.
      const file = await exportDownload(db, teamId, id, files);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${file.filename}"`)
        .header("Cache-Control", "private, no-store")
        .send(files.read(file.path));
    },
  );
}
