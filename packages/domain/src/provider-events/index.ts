export {
  type Hook,
  type HookEnv,
  type ReceivedCallback,
  type ReplyApplier,
  type ReplyOutcome,
  receiveProviderCallback,
  simulateSandboxInbound,
} from "./provider-callbacks";
export { providerEventErrors } from "./provider-events.errors";
export { type InboxGateway, type RecordedEvents, recordProviderEvents } from "./provider-events.service";
