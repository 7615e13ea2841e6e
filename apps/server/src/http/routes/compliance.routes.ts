import {
  ComplianceFileResponse,
  ComplianceFiles,
  DncRule,
  DncRuleSaved,
  IdParam,
  LeadConsent,
  OneComplianceFile,
  StartComplianceFile,
  text,
} from "@leadflow/contracts";
import {
  AppError,
  authenticate,
  complianceDownload,
  createFileStore,
  getComplianceFile,
  getDncRule,
  getLeadConsent,
  listComplianceFiles,
  setDncRule,
  startComplianceFile,
  verifyComplianceLink,
} from "@leadflow/domain";
import { z } from "zod";
import { bearerToken } from "../auth";
import type { App, AppDeps } from "../types";

const tags = ["Compliance"];
/** A signed download link's proof (compliance-links.ts); without it the request needs the bearer token. */
const DownloadQuery = z.object({ token: text().max(200).optional() });

/** Consent in use: a lead's consent, the team's DNC freshness rule, compliance files. */
export async function complianceRoutes(app: App, { database, config, jobs, files: given }: AppDeps) {
  const db = database.db;
  const files = given ?? createFileStore(config.files);

  app.get(
    "/api/leads/:id/consent",
    {
      schema: {
        tags,
        summary: "The lead's consent records, certificate verdicts and phone checks",
        params: IdParam,
        response: { 200: LeadConsent },
      },
    },
    (req) => getLeadConsent(db, req.auth, req.params.id),
  );

  app.get(
    "/api/dnc-rule",
    { schema: { tags, summary: "The team's DNC freshness rule for marketing texts", response: { 200: DncRule } } },
    (req) => getDncRule(db, req.auth),
  );
  app.put(
    "/api/dnc-rule",
    { schema: { tags, summary: "Set the team's DNC freshness rule", body: DncRule, response: { 200: DncRuleSaved } } },
    async (req) => ({ message: "The DNC rule has been saved.", data: await setDncRule(db, req.auth, req.body) }),
  );

  app.post(
    "/api/compliance-files",
    {
      schema: {
        tags,
        summary: "Ask for a compliance file (a ZIP of a PDF and a JSON per lead) of one lead or a selection",
        body: StartComplianceFile,
        response: { 200: ComplianceFileResponse },
      },
    },
    (req) => startComplianceFile(db, jobs, req.auth, req.body, { files }),
  );
  app.get(
    "/api/compliance-files",
    { schema: { tags, summary: "The team's compliance files, newest first (up to 100)", response: { 200: ComplianceFiles } } },
    (req) => listComplianceFiles(db, req.auth),
  );
  app.get(
    "/api/compliance-files/:id",
    { schema: { tags, summary: "One compliance file's progress", params: IdParam, response: { 200: OneComplianceFile } } },
    (req) => getComplianceFile(db, req.auth, req.params.id),
  );
  app.get(
    "/api/compliance-files/:id/download",
    {
      // Browsers follow download links without an Authorization header: the route checks the link's token or the
      // bearer token itself. Another team's file, a forged or an expired link are all a 404.
      config: { public: true },
      schema: {
        tags,
        summary: "Download a completed compliance file (bearer token, or the signed `url` of the file)",
        params: IdParam,
        querystring: DownloadQuery,
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const teamId =
        req.query.token !== undefined
          ? await verifyComplianceLink(db, id, req.query.token)
          : (await authenticate(db, bearerToken(req) ?? "")).teamId;
      if (teamId === null)
        throw new AppError("compliance_file_not_found", "This download link is not valid or has expired: download the file again.");
      const file = await complianceDownload(db, teamId, id, files);
      return reply
        .header("Content-Type", "application/zip")
        .header("Content-Disposition", `attachment; filename="${file.filename}"`)
        .header("Cache-Control", "private, no-store")
        .send(files.read(file.path));
    },
  );
}
