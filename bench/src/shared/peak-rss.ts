import { readFileSync, writeFileSync } from "node:fs";

/**
 * Peak resident memory of this process (all threads) over a stretch of work, in MB. On Linux the kernel's
 * high-water mark (VmHWM) is reset first and read afterwards, so nothing is missed between samples; elsewhere
 * RSS is sampled every 50 ms.
 */
export function startPeakRss(): { stop(): number } {
  if (resetHighWaterMark()) {
    return { stop: () => Math.round(Math.max(readHighWaterKb() / 1024, process.memoryUsage.rss() / 1048576)) };
  }
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.round(Math.max(peak, process.memoryUsage.rss()) / 1048576);
    },
  };
}

function resetHighWaterMark(): boolean {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return readHighWaterKb() > 0;
  } catch {
    return false;
  }
}

function readHighWaterKb(): number {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0);
}
