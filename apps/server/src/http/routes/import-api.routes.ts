import { createHash } from "node:crypto";
import {
  IdParam,
  ImportListPage,
  ImportListRecord,
  ListImportListsQuery,
  MessageResponse,
  PublicImportLimits,
  PublicImportRequest,
  PublicImportResponse,
  SaveImportList,
  SaveImportListResponse,
  ValidationErrorBody,
} from "@leadflow/contracts";
import {
  type ApiKeyTarget,
  AppError,
  authenticateApiKey,
  createImportList,
  createRateLimiter,
  deleteImportList,
  forgetApiKeys,
  getImportList,
  handlePublicImport,
  listImportLists,
  updateImportList,
} from "@leadflow/domain";
import { z } from "zod";
import type { App, AppDeps } from "../types";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the public import interface once the API key checks out. */
    importKey?: ApiKeyTarget;
  }
}

const errorBody = (description: string) => ValidationErrorBody.describe(description);

const importDescription = `Pushes leads into the source and list of an import API key (Settings → Import API Keys). Leads land at once,
deduplicated against the team's leads exactly like a file import: a lead whose phone or email already belongs to a lead
merges into it. Each lead needs at least one attribute of type email or phone. A string attribute is matched to the
team's attributes by name (any case); an unknown name creates the attribute.

Authentication: the key as the \`api_key\` query parameter or the \`X-Api-Key\` header.

Retries: send an \`Idempotency-Key\` header (any unique text up to 255 characters) and a retried request returns the first
answer again (header \`Idempotent-Replayed: true\`) without creating anything twice; the same key with a different body is
a 409. Keys are kept 24 hours.

Limits: at most ${PublicImportLimits.leads} leads per request, ${PublicImportLimits.attributes} attributes per lead, values up to
${PublicImportLimits.valueLength} characters, ${PublicImportLimits.bodyBytes / 1024 / 1024} MB per request. On 429, wait for
\`Retry-After\` seconds and back off exponentially.

The answer lists each lead's outcome in request order: \`created\`, \`merged\` (into an existing lead, whose id is given) or
\`failed\` with the reason. Every pushed lead also appears in Settings → Import History under "API: {key name}", one record
per key and day.`;

const example = {
  leads: [
    {
      attributes: [
        { type: "phone", attribute: "Phone", value: "+1 (212) 555-0147" },
        { type: "email", attribute: "Email", value: "jane.doe@example.com" },
        { type: "string", attribute: "First Name", value: "Jane" },
        { type: "string", attribute: "Last Name", value: "Doe" },
      ],
    },
  ],
};

const requestHash = (body: unknown) => createHash("sha256").update(JSON.stringify(body)).digest("hex");

export async function importApiRoutes(app: App, { database, bulk, config, jobs }: AppDeps) {
  const db = database.db;
  // Counted in memory and shared through the database once a second: a pushed request writes no row for its limit.
  const limits = createRateLimiter(database);
  app.addHook("onClose", () => limits.stop());
  forgetKeysOnChange(app, db);

  app.get("/api/import-lists", { schema: { querystring: ListImportListsQuery, response: { 200: ImportListPage } } }, (req) =>
    listImportLists(db, req.auth, req.query),
  );
  app.post("/api/import-lists", { schema: { body: SaveImportList, response: { 201: SaveImportListResponse } } }, async (req, reply) =>
    reply.status(201).send(await createImportList(db, req.auth, req.body)),
  );
  app.get("/api/import-lists/:id", { schema: { params: IdParam, response: { 200: ImportListRecord } } }, (req) =>
    getImportList(db, req.auth, req.params.id),
  );
  app.put(
    "/api/import-lists/:id",
    { schema: { params: IdParam, body: SaveImportList, response: { 200: SaveImportListResponse } } },
    (req) => updateImportList(db, req.auth, req.params.id, req.body),
  );
  app.delete("/api/import-lists/:id", { schema: { params: IdParam, response: { 200: MessageResponse } } }, async (req) => {
    await deleteImportList(db, req.auth, req.params.id);
    return { message: "Import API key deleted." };
  });

  app.post(
    "/api/import/lead",
    {
      config: { public: true },
      bodyLimit: PublicImportLimits.bodyBytes,
      schema: {
        tags: ["Public import"],
        operationId: "importLeads",
        summary: "Import leads with an API key",
        description: importDescription,
        security: [],
        querystring: z.object({
          api_key: z.string().max(200).optional().describe("The import API key (or send it as the X-Api-Key header)."),
        }),
        headers: z.looseObject({
          "x-api-key": z.string().max(200).optional().describe("The import API key, instead of the api_key query parameter."),
          "idempotency-key": z
            .string()
            .min(1)
            .max(255, "The Idempotency-Key may not be greater than 255 characters.")
            .optional()
            .describe("Makes a retried request return the first answer instead of importing again."),
        }),
        body: PublicImportRequest.meta({ example }),
        response: {
          200: PublicImportResponse.describe("OK: at least one lead was saved ('Lead has been saved.'); each lead's outcome is listed."),
          400: errorBody("Bad request: the body is not valid JSON."),
          401: errorBody("No valid API key."),
          402: errorBody("Request failed: the key's list was deleted while the request ran."),
          403: errorBody("Forbidden: the key's source or list is inactive."),
          404: errorBody("Not found."),
          409: errorBody("Conflict: the Idempotency-Key was already used with a different request."),
          413: errorBody("The request body is larger than 1 MB."),
          422: ValidationErrorBody.extend({ data: PublicImportResponse.shape.data.optional() }).describe(
            "The body is not a valid request, or no lead could be saved (errors and each lead's outcome).",
          ),
          429: errorBody("Too many requests: wait Retry-After seconds and use exponential backoff."),
          500: errorBody("Server error: retry with exponential backoff (also 502, 503 and 504)."),
        },
      },
      // The key is checked before the body, so a caller without a valid key learns nothing about the payload.
      preValidation: async (req) => {
        const query = req.query as { api_key?: unknown };
        const header = req.headers["x-api-key"];
        const given = typeof query.api_key === "string" ? query.api_key : typeof header === "string" ? header : undefined;
        try {
          req.importKey = await authenticateApiKey(db, given);
        } catch (e) {
          // Guessing keys: a wrong key counts against the caller's address; past the limit the answer is 429.
          if (e instanceof AppError && e.code === "api_key_invalid")
            limits.hit(`import-api-bad-key:ip:${req.ip}`, config.importApiBadKeyRate);
          throw e;
        }
        limits.hit(`import-api:key:${req.importKey.id}`, config.importApiRate);
      },
    },
    async (req, reply) => {
      const key = req.importKey!;
      const idem = req.headers["idempotency-key"];
      const outcome = await handlePublicImport(
        (bulk ?? database).db,
        jobs,
        key,
        req.body,
        typeof idem === "string" && idem !== "" ? { key: idem, requestHash: requestHash(req.body) } : undefined,
      );
      if (outcome.replayed) reply.header("Idempotent-Replayed", "true");
      return reply.status(outcome.status as 200).send(outcome.body as PublicImportResponse);
    },
  );
}

/**
 * The import API trusts what it read about a key for a few seconds (docs/import-api.md): a change to a team's
 * sources, lists or keys made through this process forgets that team's keys at once.
 */
function forgetKeysOnChange(app: App, db: AppDeps["database"]["db"]): void {
  app.addHook("onResponse", async (req, reply) => {
    if (req.method === "GET" || reply.statusCode >= 400 || !req.auth) return;
    const url = req.routeOptions.url ?? "";
    if (url.startsWith("/api/sources") || url.startsWith("/api/import-lists")) forgetApiKeys(db, req.auth.teamId);
  });
}
