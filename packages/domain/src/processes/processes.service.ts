import type { SystemProcess } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { type DbOrTx, iso, one, rows } from "../shared/rows";

interface ProcessRow {
  id: number;
  kind: SystemProcess["kind"];
  title: string;
  status: SystemProcess["status"];
  progress: number | null;
  download_url: string | null;
  created_at: string;
}

const present = (r: ProcessRow): SystemProcess => ({ ...r, id: String(r.id), created_at: iso(r.created_at)! });

export async function listProcesses(db: DbOrTx, ctx: TeamCtx): Promise<SystemProcess[]> {
  const list = await rows<ProcessRow>(
    db,
    sql`SELECT id, kind, title, status, progress, download_url, created_at FROM processes
        WHERE team_id = ${ctx.teamId} AND user_id = ${ctx.userId} ORDER BY id DESC LIMIT 50`,
  );
  return list.map(present);
}

/** 'Clear' keeps only what is still Running or Resolving. */
export async function clearProcesses(db: DbOrTx, ctx: TeamCtx): Promise<void> {
  await db.execute(
    sql`DELETE FROM processes WHERE team_id = ${ctx.teamId} AND user_id = ${ctx.userId} AND status NOT IN ('running', 'resolving')`,
  );
}

export interface ProcessUpdate {
  status?: SystemProcess["status"];
  progress?: number | null;
  downloadUrl?: string | null;
  title?: string;
}

export async function startProcess(
  db: DbOrTx,
  ctx: TeamCtx,
  input: { kind: SystemProcess["kind"]; refId?: number; title: string },
): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO processes (team_id, user_id, kind, ref_id, title, status, progress)
        VALUES (${ctx.teamId}, ${ctx.userId}, ${input.kind}, ${input.refId ?? null}, ${input.title}, 'running', 0) RETURNING id`,
  );
  return row!.id;
}

export async function updateProcess(db: DbOrTx, teamId: number, id: number, u: ProcessUpdate): Promise<void> {
  await db.execute(
    sql`UPDATE processes SET status = COALESCE(${u.status ?? null}, status),
        progress = CASE WHEN ${u.progress === undefined} THEN progress ELSE ${u.progress ?? null}::real END,
        download_url = CASE WHEN ${u.downloadUrl === undefined} THEN download_url ELSE ${u.downloadUrl ?? null} END,
        title = COALESCE(${u.title ?? null}, title), updated_at = now()
        WHERE team_id = ${teamId} AND id = ${id}`,
  );
}
