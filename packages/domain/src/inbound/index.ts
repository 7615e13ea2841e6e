export { type AppliedReplies, applyReplies, type InboundGateway } from "./inbound-apply";
export { type ReplyIntent, replyIntent } from "./reply-intent";
