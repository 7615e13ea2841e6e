import {
  IdParam,
  Keyword,
  KeywordPage,
  KeywordPhoneOptions,
  ListKeywordsQuery,
  MessageResponse,
  SaveKeyword,
  SaveTeamMessaging,
  TeamMessaging,
} from "@leadflow/contracts";
import {
  createKeyword,
  deleteKeyword,
  getKeyword,
  getTeamMessaging,
  keywordPhoneOptions,
  listKeywords,
  saveTeamMessaging,
  updateKeyword,
} from "@leadflow/domain";
import type { App, AppDeps } from "../types";

export async function keywordsRoutes(app: App, { database }: AppDeps) {
  const db = database.db;
  app.get("/api/sms-keywords", { schema: { querystring: ListKeywordsQuery, response: { 200: KeywordPage } } }, (req) =>
    listKeywords(db, req.auth, req.query),
  );
  app.post("/api/sms-keywords", { schema: { body: SaveKeyword, response: { 201: Keyword } } }, async (req, reply) =>
    reply.status(201).send(await createKeyword(db, req.auth, req.body)),
  );
  // The numbers the dialog offers: the sender numbers of the team's active SMS gateways.
  app.get("/api/sms-keywords/phones", { schema: { response: { 200: KeywordPhoneOptions } } }, async (req) => ({
    data: await keywordPhoneOptions(db, req.auth),
  }));
  // The brand and help contact the system STOP, START and HELP answers name: the signed-in team's, never another's.
  app.get("/api/sms-keywords/messaging", { schema: { response: { 200: TeamMessaging } } }, (req) => getTeamMessaging(db, req.auth));
  app.put("/api/sms-keywords/messaging", { schema: { body: SaveTeamMessaging, response: { 200: TeamMessaging } } }, (req) =>
    saveTeamMessaging(db, req.auth, req.body),
  );
  app.get("/api/sms-keywords/:id", { schema: { params: IdParam, response: { 200: Keyword } } }, (req) =>
    getKeyword(db, req.auth, req.params.id),
  );
  app.put("/api/sms-keywords/:id", { schema: { params: IdParam, body: SaveKeyword, response: { 200: Keyword } } }, (req) =>
    updateKeyword(db, req.auth, req.params.id, req.body),
  );
  app.delete("/api/sms-keywords/:id", { schema: { params: IdParam, response: { 200: MessageResponse } } }, async (req) => {
    await deleteKeyword(db, req.auth, req.params.id);
    return { message: "Keyword has been deleted." };
  });
}
