import { useSyncExternalStore } from "react";

function subscribe(l: () => void) {
  window.addEventListener("focus", l);
  window.addEventListener("blur", l);
  document.addEventListener("visibilitychange", l);
  return () => {
    window.removeEventListener("focus", l);
    window.removeEventListener("blur", l);
    document.removeEventListener("visibilitychange", l);
  };
}

const snapshot = () => document.visibilityState === "visible" && document.hasFocus();

/** Whether this window has focus (the header refreshes only then). */
export function useWindowFocus(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}
