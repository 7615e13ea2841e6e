export { SuppressionCheck, suppressedAmong } from "./suppression-check";
export { SUPPRESSIONS_CHANNEL, SuppressionWatch, suppressionWatchOf } from "./suppression-watch";
export { liftReplyOptOuts, type Suppression, suppress, suppressedSql } from "./suppressions";
