export {
  assignConversation,
  closeConversation,
  markConversationRead,
  openLeadConversation,
  reopenConversation,
} from "./conversation-actions";
export { type ReplyEnv, replyToConversation } from "./conversation-reply";
export { getConversation } from "./conversation-thread";
export { type InboundTouch, touchOnInbound } from "./conversation-touch";
export { conversationUnread, listConversations } from "./conversations.queries";
