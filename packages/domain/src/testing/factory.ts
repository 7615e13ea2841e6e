import type { Database } from "@leadflow/db";
import { sql } from "drizzle-orm";
import { createUser, issueToken } from "../accounts";
import { createList } from "../lists";
import type { TeamCtx } from "../shared/context";
import { one } from "../shared/rows";
import { createSource } from "../sources";

let seq = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${++seq}`;

/** Test data with a fresh team per call: `const { ctx, token } = await factory.team()`. */
export function makeFactory(database: Database) {
  const db = database.db;
  return {
    /**
     * Teams are on Enterprise (no limits) unless a test names a plan: most tests import more leads or make more
     * sources than a Trial allows.
     */
    async team(opts: { role?: "team_admin" | "team_operator"; password?: string; plan?: string } = {}) {
      const email = `user-${unique()}@example.test`;
      const password = opts.password ?? "Secret#123";
      const user = await createUser(db, { email, password, name: `User ${seq}`, plan: opts.plan ?? "enterprise" });
      if (opts.role === "team_operator") await db.execute(sql`UPDATE users SET role = 'team_operator' WHERE id = ${user.id}`);
      const ctx: TeamCtx = { teamId: user.team_id, userId: user.id, role: opts.role ?? "team_admin" };
      const { access_token } = await issueToken(db, { id: user.id, team_id: user.team_id }, 3600);
      return { ctx, user, email, password, token: access_token };
    },
    /** Another member of an existing team. */
    async member(ctx: TeamCtx, role: "team_admin" | "team_operator" = "team_operator") {
      const email = `member-${unique()}@example.test`;
      const row = await one<{ id: number }>(
        db,
        sql`INSERT INTO users (team_id, name, email, role, email_verified_at, password_hash)
            VALUES (${ctx.teamId}, ${`Member ${seq}`}, ${email}, ${role}, now(), NULL) RETURNING id`,
      );
      const { access_token } = await issueToken(db, { id: row!.id, team_id: ctx.teamId }, 3600);
      return { id: row!.id, email, token: access_token, ctx: { teamId: ctx.teamId, userId: row!.id, role } as TeamCtx };
    },
    source: (ctx: TeamCtx, input: { name?: string } = {}) => createSource(db, ctx, { name: input.name ?? `Source ${unique()}` }),
    list: (ctx: TeamCtx, sourceId: number, input: { name?: string } = {}) =>
      createList(db, ctx, sourceId, { name: input.name ?? `List ${unique()}` }),
  };
}
export type Factory = ReturnType<typeof makeFactory>;
