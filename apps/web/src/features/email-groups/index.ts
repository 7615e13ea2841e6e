export { senderEmailGroupsApi, spamEmailGroupsApi } from "./api/email-groups.api";
