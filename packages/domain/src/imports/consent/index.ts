export { parseCaptureTime } from "./capture-time";
export { consentFieldOf, suggestedConsentField } from "./consent-headers";
export * from "./consent-values";
