export { ConversationButton } from "./components/conversation-button";
export { ConversationsUnreadBadge } from "./components/unread-badge";
