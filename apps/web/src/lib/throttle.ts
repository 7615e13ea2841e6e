/**
 * Runs `fn` at once, then at most once per `ms`: calls in between fold into one trailing run, so the last event of
 * a burst is never lost.
 */
export function throttle(fn: () => void, ms: number, now: () => number = Date.now): () => void {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer) return;
    const wait = last + ms - now();
    if (wait <= 0) {
      last = now();
      fn();
      return;
    }
    timer = setTimeout(() => {
      timer = null;
      last = now();
      fn();
    }, wait);
  };
}
