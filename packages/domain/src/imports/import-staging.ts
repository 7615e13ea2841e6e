import { bulkCopy, type Database } from "@leadflow/db";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../shared/rows";
import { STAGING_COLUMNS } from "./staging-csv";

/** COPY the batches' csv (one COPY on a server, one per chunk embedded). Never inside a transaction: see bulkCopy. */
export async function copyStaging(database: Database, chunks: AsyncIterable<string> | Iterable<string>): Promise<void> {
  await bulkCopy(database, "import_staging", STAGING_COLUMNS, chunks);
}

export async function clearStaging(db: DbOrTx, importId: number): Promise<void> {
  await db.execute(sql`DELETE FROM import_staging WHERE import_id = ${importId}`);
}
