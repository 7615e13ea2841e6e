export { changeCampaignStatus } from "./activate";
export { type CampaignEventDeps, publishCampaigns } from "./counters/campaign-events";
export { CounterBatch, utcDay } from "./counters/counters";
export { dispatchDeps, dispatchJob, wakeDispatchers } from "./dispatch/dispatch.jobs";
export { type DispatchDeps, type DispatchOutcome, gatewaysWithDueRows, runDispatcher } from "./dispatch/dispatcher";
export { type SendEnv, sendTestEmail, sendTestSms } from "./dispatch/lane/test-sends";
export {
  type Liveness,
  leasesOfDeadHolders,
  NO_LIVENESS,
  openLiveness,
  releaseLeasesAtStart,
  watchLeadership,
} from "./dispatch/leadership";
export { loadRenderLeads, type RenderLead, type RenderLeads } from "./dispatch/render-leads";
export { planSpamTests, type SpamTestRun } from "./dispatch/spam-tests";
export { GateRules, gateApplies, type OutboundKind } from "./gate/rules";
export { LEGAL_WINDOWS_VERSION, legalRule } from "./gate/window/legal-windows";
export { type SendWindowInput, sendWindow } from "./gate/window/send-window";
export { applyStatusEvents, applyStatusEventsUntilIdle } from "./outcomes/apply-events";
export { applyEventsJob } from "./outcomes/apply-events.jobs";
export { completeFinishedCampaigns } from "./outcomes/campaign-progress";
export { openPixelUrl, PIXEL_GIF, verifyOpenPixel, withOpenPixel } from "./outcomes/open-pixel";
export { Reconcile, type ReconcileDeps, type Reconciled, reconcileOpenMessages } from "./outcomes/reconcile";
export { PAUSE_HOURS, putBackInRotation, RotationMessages } from "./outcomes/rotation";
export {
  checkUnsubscribeLink,
  SPAM_TEST_UNSUBSCRIBE,
  type UnsubscribeLink,
  unsubscribeByLink,
  unsubscribeUrl,
} from "./outcomes/unsubscribe";
export { type DailyLimitDeferred, enrollDailyLimitTriggers } from "./plan/daily-limit-trigger";
export { type Enrolled, enrollLeads } from "./plan/enroll";
export {
  FIRST_SLICE,
  PLAN_SLICE,
  type Planned,
  planFirstSlice,
  planFirstStep,
  planFollowingSteps,
  planParallelOf,
  planSliceOf,
} from "./plan/plan";
export { planWelcomeMessages } from "./plan/welcome-plan";
export { planJob, planSegmentJoiners, sendingJobs, sendingTickJob, startCampaigns } from "./sending.jobs";
export {
  liftReplyOptOuts,
  type Suppression,
  SuppressionCheck,
  SuppressionWatch,
  suppress,
  suppressedAmong,
  suppressionWatchOf,
} from "./suppressions";
