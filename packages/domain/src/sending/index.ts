export { applyStatusEvents, applyStatusEventsUntilIdle } from "./apply-events";
export { applyEventsJob } from "./apply-events.jobs";
export { completeFinishedCampaigns } from "./campaign-progress";
export { CounterBatch, utcDay } from "./counters";
export { type DispatchDeps, type DispatchOutcome, gatewaysWithDueRows, runDispatcher } from "./dispatcher";
export { LEGAL_WINDOWS_VERSION, legalRule } from "./legal-windows";
export { planFirstStep, planFollowingSteps } from "./plan";
export { type SendWindowInput, sendWindow } from "./send-window";
export { dispatchJob, planJob, sendingJobs, sendingTickJob, startCampaigns, wakeDispatchers } from "./sending.jobs";
