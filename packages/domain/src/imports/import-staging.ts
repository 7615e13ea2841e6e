import { bulkCopy, type Database } from "@leadflow/db";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../shared/rows";
import { STAGING_COLUMNS } from "./staging-csv";

/**
 * COPY a batch's csv, given in pieces: one COPY streaming the pieces on a server; embedded, bulkCopy runs one COPY
 * per chunk, so the pieces are joined into one. Never inside a transaction: see bulkCopy.
 */
export async function copyStaging(database: Database, pieces: readonly string[]): Promise<void> {
  await bulkCopy(database, "import_staging", STAGING_COLUMNS, database.kind === "pglite" ? [pieces.join("")] : pieces);
}

export async function clearStaging(db: DbOrTx, importId: number): Promise<void> {
  await db.execute(sql`DELETE FROM import_staging WHERE import_id = ${importId}`);
}
