import type { Database } from "@leadflow/db";
import { makeFactory } from "@leadflow/domain/testing/factory";
import type { ImportTarget } from "./file-import";

/** A fresh team (with its user) and a source and list to import into. */
export async function importTeam(database: Database): Promise<ImportTarget> {
  const factory = makeFactory(database);
  const { ctx } = await factory.team();
  const source = await factory.source(ctx, { name: "Bench source" });
  const list = await factory.list(ctx, source.id, { name: "Bench list" });
  return { database, ctx, listId: list.id };
}
