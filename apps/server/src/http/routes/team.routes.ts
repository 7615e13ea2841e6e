import { IdParam, InviteUserRequest, ListQuery, UpdateTeamUserRequest } from "@leadflow/contracts";
import { inviteTeamUser, listTeamUsers, updateTeamUser } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

export async function teamRoutes(app: App, { database, config, jobs }: AppDeps) {
  const db = database.db;
  app.get("/api/team/users", { schema: { querystring: ListQuery } }, (req) => listTeamUsers(db, req.auth, req.query));
  app.post("/api/team/users", { schema: { body: InviteUserRequest } }, async (req, reply) =>
    reply.status(201).send(await inviteTeamUser(db, jobs, req.auth, req.body, { appUrl: config.appUrl, inviterName: req.auth.user.name })),
  );
  app.put("/api/team/users/:id", { schema: { params: IdParam, body: UpdateTeamUserRequest } }, (req) =>
    updateTeamUser(db, req.auth, req.params.id, req.body),
  );
}
