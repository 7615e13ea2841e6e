import type { App, AppDeps } from "../http/types";

/** The Pusher-protocol live channel: WebSocket at /app/{key} and POST /api/broadcasting/auth. */
export async function registerLiveChannel(_app: App, _deps: AppDeps): Promise<void> {}
