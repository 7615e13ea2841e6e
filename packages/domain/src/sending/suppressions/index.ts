export { SuppressionCheck, suppressedAmong } from "./suppression-check";
export { liftReplyOptOuts, type Suppression, suppress, suppressedSql } from "./suppressions";
