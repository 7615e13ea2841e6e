import type { LiveEventName, LiveEventPayload } from "@leadflow/contracts";
import { useEffect, useRef } from "react";

type Handler = (payload: unknown) => void;
const handlers = new Map<LiveEventName, Set<Handler>>();

/** Called by the LiveProvider for every event arriving on the user's private channel. */
export function emitLiveEvent<E extends LiveEventName>(event: E, payload: LiveEventPayload<E>) {
  for (const h of handlers.get(event) ?? []) {
    try {
      h(payload);
    } catch (e) {
      console.error(`live handler for ${event} failed`, e);
    }
  }
}

/** Runs `handler` for each `event` pushed to the current account (ImportStatus, ExportStatus, UserMessage, …). */
export function useLiveEvent<E extends LiveEventName>(event: E, handler: (payload: LiveEventPayload<E>) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const h: Handler = (p) => ref.current(p as LiveEventPayload<E>);
    let set = handlers.get(event);
    if (!set) handlers.set(event, (set = new Set()));
    set.add(h);
    return () => {
      set.delete(h);
    };
  }, [event]);
}
