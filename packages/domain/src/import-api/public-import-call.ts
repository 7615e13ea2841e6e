import type { PublicImportRequest } from "@leadflow/contracts";
import { kickImportLookups } from "../lookups";
import type { JobSender } from "../shared/jobs";
import type { DbOrTx } from "../shared/rows";
import type { ApiKeyTarget } from "./api-key-auth";
import { type Idempotency, importLeadsByApi, type PublicImportOutcome } from "./public-import.service";

/**
 * POST /api/import/lead as the route makes it: the key's lookups took this call's leads in its transaction; once
 * that committed, their runners start (a job left without one is found by the lookup sweep).
 */
export async function handlePublicImport(
  db: DbOrTx,
  jobs: JobSender,
  key: ApiKeyTarget,
  request: PublicImportRequest,
  idempotency?: Idempotency,
): Promise<PublicImportOutcome> {
  const outcome = await importLeadsByApi(db, key, request, idempotency);
  if (key.checkMobileStatus || key.checkSmsDnc || key.checkEmailStatus) await kickImportLookups(db, jobs, key.teamId);
  return outcome;
}
