import fastifyMultipart from "@fastify/multipart";
import {
  ActiveImportsResponse,
  IdParam,
  ImportFailurePage,
  ImportHistoryQuery,
  ImportPage,
  ImportRecord,
  ImportUploadFields,
  ImportUploadResponse,
  LeadStatusesRequest,
  LeadStatusesResponse,
  ListImportsQuery,
  MessageResponse,
  PhoneValidationTemplate,
  SyncImport,
  SyncImportAttributesRequest,
  UpdateSyncImportRequest,
} from "@leadflow/contracts";
import {
  AppError,
  type AppErrorCode,
  activeImports,
  createFileStore,
  createImport,
  discardImport,
  dispatchImport,
  getImport,
  getList,
  getPhoneTemplate,
  getSyncImport,
  importHistory,
  listImports,
  putPhoneTemplate,
  recordRejectedUpload,
  type StoredUpload,
  setImportLeadStatuses,
  storeUpload,
  syncImportAttributes,
  unstartedUploadBytes,
  updateSyncImport,
  uploadQuotaError,
} from "@leadflow/domain";
import type { FastifyRequest } from "fastify";
import type { App, AppDeps } from "../types";

/** Refusals that are about the file's content or size (not its type, not the request). */
const REJECTED_FILE = new Set<AppErrorCode>(["import_file_invalid", "import_file_too_large"]);

export async function importsRoutes(app: App, { database, config, jobs, files: given }: AppDeps) {
  const db = database.db;
  const files = given ?? createFileStore(config.files);
  const maxBytes = config.importMaxBytes;
  const quotaBytes = config.uploadQuotaBytes;
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

  /**
   * The multipart body: `file` streams to the file store (the local folder, or S3); `list_id[0]` (or `list_id`), when it comes first, is checked
   * before. The stream stops where the team's quota of unstarted uploads would be passed, so a refused file
   * never lands whole; createImport decides for good.
   */
  async function receive(
    req: FastifyRequest,
    seen: { filename?: string; listId?: number },
  ): Promise<{ upload: StoredUpload; listId: number }> {
    const fields: Record<string, string> = {};
    const listField = () => fields["list_id[0]"] ?? fields.list_id ?? fields["list_id[]"];
    const used = await unstartedUploadBytes(db, req.auth.teamId);
    const room = quotaBytes - used;
    let upload: StoredUpload | undefined;
    try {
      for await (const part of req.parts({ limits: { fileSize: Math.max(0, Math.min(maxBytes, room)) } })) {
        if (part.type === "field") {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== "file" || upload) {
          part.file.resume();
          continue;
        }
        seen.filename = part.filename;
        const early = ImportUploadFields.safeParse({ list_id: listField() });
        if (early.success) {
          await getList(db, req.auth, early.data.list_id);
          seen.listId = early.data.list_id;
        }
        if (room <= 0) throw uploadQuotaError(used, quotaBytes);
        upload = await storeUpload(files, req.auth.teamId, part.filename, part.file, maxBytes).catch((e: unknown) => {
          throw e instanceof AppError && e.code === "import_file_too_large" && room < maxBytes ? uploadQuotaError(used, quotaBytes) : e;
        });
      }
      if (!upload) throw new AppError("import_file_missing", undefined, { file: ["Choose a file to import."] });
      const listId = ImportUploadFields.parse({ list_id: listField() }).list_id;
      seen.listId = listId;
      return { upload, listId };
    } catch (e) {
      if (upload) await files.remove(upload.path).catch(() => undefined);
      throw e;
    }
  }

  app.post("/api/imports", { schema: { response: { 201: ImportUploadResponse } } }, async (req, reply) => {
    const seen: { filename?: string; listId?: number } = {};
    try {
      const { upload, listId } = await receive(req, seen);
      return reply.status(201).send(await createImport(db, req.auth, upload, listId, { quotaBytes, files }));
    } catch (e) {
      // The dialog shows the message; Import History keeps it too.
      if (e instanceof AppError && REJECTED_FILE.has(e.code) && seen.filename && seen.listId) {
        await recordRejectedUpload(db, req.auth, seen.filename, seen.listId, e.message);
      }
      throw e;
    }
  });
  app.get("/api/imports", { schema: { querystring: ListImportsQuery, response: { 200: ImportPage } } }, (req) =>
    listImports(db, req.auth, req.query),
  );
  app.get("/api/imports/active", { schema: { response: { 200: ActiveImportsResponse } } }, async (req) => ({
    data: await activeImports(db, req.auth),
  }));
  app.get("/api/imports/:id", { schema: { params: IdParam, response: { 200: ImportRecord } } }, (req) =>
    getImport(db, req.auth, req.params.id),
  );
  app.delete("/api/imports/:id", { schema: { params: IdParam, response: { 200: MessageResponse } } }, async (req) => {
    await discardImport(db, req.auth, req.params.id, files);
    return { message: "The import was cancelled." };
  });
  app.get("/api/imports/:id/sync-import", { schema: { params: IdParam, response: { 200: SyncImport } } }, (req) =>
    getSyncImport(db, req.auth, req.params.id),
  );
  app.post("/api/imports/:id/dispatch", { schema: { params: IdParam, response: { 200: ImportRecord } } }, (req) =>
    dispatchImport(db, jobs, req.auth, req.params.id),
  );
  app.put(
    "/api/imports/:id/lead-statuses",
    { schema: { params: IdParam, body: LeadStatusesRequest, response: { 200: LeadStatusesResponse } } },
    (req) => setImportLeadStatuses(db, jobs, req.auth, req.params.id, req.body),
  );
  app.put("/api/sync-import/:id", { schema: { params: IdParam, body: UpdateSyncImportRequest, response: { 200: SyncImport } } }, (req) =>
    updateSyncImport(db, jobs, req.auth, req.params.id, req.body),
  );
  app.post(
    "/api/sync-import/:id/import-attributes/multiple",
    { schema: { params: IdParam, body: SyncImportAttributesRequest, response: { 200: ImportRecord } } },
    (req) => syncImportAttributes(db, req.auth, req.params.id, req.body),
  );
  app.get("/api/import-files/:id", { schema: { params: IdParam, response: { 200: ImportRecord } } }, (req) =>
    getImport(db, req.auth, req.params.id),
  );
  app.get(
    "/api/import-files/:id/history",
    { schema: { params: IdParam, querystring: ImportHistoryQuery, response: { 200: ImportFailurePage } } },
    (req) => importHistory(db, req.auth, req.params.id, req.query),
  );
  app.get("/api/validation-template/phone", { schema: { response: { 200: PhoneValidationTemplate } } }, async (req) =>
    getPhoneTemplate(db, req.auth.teamId),
  );
  app.put(
    "/api/validation-template/phone",
    { schema: { body: PhoneValidationTemplate, response: { 200: PhoneValidationTemplate } } },
    (req) => putPhoneTemplate(db, req.auth, req.body),
  );
}
