export { inboundAnswersJob, inboundJobs, inboundWelcomesJob } from "./inbound.jobs";
export { type AnswerDeps, sendPlannedAnswers } from "./inbound-answers";
export { type AppliedReplies, applyReplies, type InboundGateway } from "./inbound-apply";
export { type ReplyIntent, replyIntent } from "./reply-intent";
export { type SystemMessageDeps, sendSystemMessages } from "./system-messages";
export { sendPlannedWelcomes } from "./welcome-messages";
