export { useLookupToggleGateways } from "./api/gateway-options";
export { useLookupLiveUpdates } from "./api/lookup-live";
export { AccountBalanceItem, useBalanceLiveRefresh } from "./components/account-balance";
export { LookupProgressList } from "./components/lookup-progress";
export { LookupRowIndicator } from "./components/lookup-row-indicator";
export { useRelookup } from "./components/use-relookup";
export { type RunLookup, useRunLeadsLookup, useRunLookup } from "./components/use-run-lookup";
