export { changeCampaignStatus } from "./activate";
export { type CampaignEventDeps, publishCampaigns } from "./counters/campaign-events";
export { INSUFFICIENT_FUNDS_FOR_SENDING } from "./dispatch/charges";
export { dispatchDeps, dispatchJob, wakeDispatchers } from "./dispatch/dispatch.jobs";
export { type DispatchDeps, type DispatchOutcome, gatewaysWithDueRows, runDispatcher } from "./dispatch/dispatcher";
export { quietHoursText, replyRecipient, replyWindow } from "./dispatch/lane/lane-replies";
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
export { consentProofWhens } from "./gate/consent";
export { freshenWaitingDnc, startDncFreshness } from "./gate/dnc-freshness";
export { GateRules, gateApplies, type OutboundKind } from "./gate/rules";
export { LEGAL_WINDOWS_VERSION, legalRule } from "./gate/window/legal-windows";
export { type SendWindowInput, sendWindow } from "./gate/window/send-window";
export { type CampaignWindowSettings, type Recipient, rowWindow } from "./gate/window/window-of";
export { sendAfterRule, windowRuleAt } from "./gate/window/window-rule";
export { usStateCode } from "./gate/window/zones/us-states";
export { applyStatusEvents, applyStatusEventsUntilIdle } from "./outcomes/apply-events";
export { applyEventsJob } from "./outcomes/apply-events.jobs";
export { failCampaignsOverThreshold } from "./outcomes/auto-fail";
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
export { type AudienceGroup, type AudiencePreview, previewAudience } from "./plan/audience-preview";
export { type DailyLimitDeferred, enrollDailyLimitTriggers } from "./plan/daily-limit-trigger";
export { type Enrolled, enrollLeads } from "./plan/enroll";
export {
  audienceSizeOf,
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
export { previewMessage } from "./preview/message-preview";
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
