import { IdParam, InviteUserRequest, ListQuery, TeamUser, TeamUserPage, UpdateTeamUserRequest } from "@leadflow/contracts";
import { inviteTeamUser, listTeamUsers, updateTeamUser } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

export async function teamRoutes(app: App, { database, config, jobs }: AppDeps) {
  const db = database.db;
  app.get("/api/team/users", { schema: { querystring: ListQuery, response: { 200: TeamUserPage } } }, (req) =>
    listTeamUsers(db, req.auth, req.query),
  );
  app.post("/api/team/users", { schema: { body: InviteUserRequest, response: { 201: TeamUser } } }, async (req, reply) =>
    reply.status(201).send(await inviteTeamUser(db, jobs, req.auth, req.body, { appUrl: config.appUrl, inviterName: req.auth.user.name })),
  );
  app.put("/api/team/users/:id", { schema: { params: IdParam, body: UpdateTeamUserRequest, response: { 200: TeamUser } } }, (req) =>
    updateTeamUser(db, req.auth, req.params.id, req.body),
  );
}
