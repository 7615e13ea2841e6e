import type {
  SaveSenderEmailGroup,
  SaveSpamEmailGroup,
  SenderEmailGroup,
  SenderEmailGroupPage,
  SenderEmailGroupSaved,
  SpamEmailGroup,
  SpamEmailGroupPage,
  SpamEmailGroupSaved,
} from "@leadflow/contracts";
import { crudApi } from "../../../components/crud/crud-api";

/** Settings → Spam Email Groups; email campaigns pick from the same list (keyed under the same root). */
export const spamEmailGroupsApi = crudApi<{
  item: SpamEmailGroup;
  page: SpamEmailGroupPage;
  create: SaveSpamEmailGroup;
  saved: SpamEmailGroupSaved;
}>({ key: "spam-email-groups", path: "/spam-email-groups" });

/** Settings → Sender Email Groups. */
export const senderEmailGroupsApi = crudApi<{
  item: SenderEmailGroup;
  page: SenderEmailGroupPage;
  create: SaveSenderEmailGroup;
  saved: SenderEmailGroupSaved;
}>({ key: "sender-email-groups", path: "/sender-email-groups" });
