import {
  EmailGroupMessages,
  ListSenderEmailGroupsQuery,
  ListSpamEmailGroupsQuery,
  SaveSenderEmailGroup,
  SaveSpamEmailGroup,
  SenderEmailGroup,
  SenderEmailGroupPage,
  SenderEmailGroupSaved,
  SpamEmailGroup,
  SpamEmailGroupPage,
  SpamEmailGroupSaved,
} from "@leadflow/contracts";
import {
  createSenderEmailGroup,
  createSpamEmailGroup,
  deleteSenderEmailGroup,
  deleteSpamEmailGroup,
  getSenderEmailGroup,
  getSpamEmailGroup,
  listSenderEmailGroups,
  listSpamEmailGroups,
  updateSenderEmailGroup,
  updateSpamEmailGroup,
} from "@leadflow/domain";
import { entityRoutes } from "../entity-routes";
import type { App, AppDeps } from "../types";

/** Settings → Spam Email Groups and Sender Email Groups (docs/product/audiences-lookups-settings.md). */
export async function emailGroupsRoutes(app: App, { database }: AppDeps) {
  const db = database.db;

  entityRoutes(app, {
    path: "/api/spam-email-groups",
    tags: ["Spam email groups"],
    schemas: {
      save: SaveSpamEmailGroup,
      query: ListSpamEmailGroupsQuery,
      list: SpamEmailGroupPage,
      one: SpamEmailGroup,
      saved: SpamEmailGroupSaved,
    },
    messages: { created: EmailGroupMessages.spamCreated, updated: EmailGroupMessages.spamUpdated, deleted: EmailGroupMessages.spamDeleted },
    list: (auth, query) => listSpamEmailGroups(db, auth, query),
    create: (auth, body) => createSpamEmailGroup(db, auth, body),
    one: (auth, id) => getSpamEmailGroup(db, auth, id),
    update: (auth, id, body) => updateSpamEmailGroup(db, auth, id, body),
    remove: (auth, id) => deleteSpamEmailGroup(db, auth, id),
  });

  entityRoutes(app, {
    path: "/api/sender-email-groups",
    tags: ["Sender email groups"],
    schemas: {
      save: SaveSenderEmailGroup,
      query: ListSenderEmailGroupsQuery,
      list: SenderEmailGroupPage,
      one: SenderEmailGroup,
      saved: SenderEmailGroupSaved,
    },
    messages: {
      created: EmailGroupMessages.senderCreated,
      updated: EmailGroupMessages.senderUpdated,
      deleted: EmailGroupMessages.senderDeleted,
    },
    list: (auth, query) => listSenderEmailGroups(db, auth, query),
    create: (auth, body) => createSenderEmailGroup(db, auth, body),
    one: (auth, id) => getSenderEmailGroup(db, auth, id),
    update: (auth, id, body) => updateSenderEmailGroup(db, auth, id, body),
    remove: (auth, id) => deleteSenderEmailGroup(db, auth, id),
  });
}
