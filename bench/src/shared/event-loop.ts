import { monitorEventLoopDelay, performance } from "node:perf_hooks";

/** How the server's event loop fared during the load: busy share, and how late its timers ran (ms). */
export interface EventLoopReading {
  utilization: number;
  delayP50: number;
  delayP99: number;
  delayMax: number;
}

/**
 * Watches the event loop of this process — where a bench runs the app server (and, on the embedded database,
 * PGlite's synchronous statements): how busy it was and how late a 10 ms timer fired. A request's connection is
 * accepted and its body read only on a turn of this loop, so its lateness is what a new request waits before the
 * server sees it.
 */
export function watchEventLoop(): { stop(): EventLoopReading } {
  const resolutionMs = 10;
  const delay = monitorEventLoopDelay({ resolution: resolutionMs });
  const start = performance.eventLoopUtilization();
  delay.enable();
  return {
    stop() {
      delay.disable();
      // The histogram holds whole intervals between the timer's turns; the lateness is what exceeds the interval.
      const ms = (ns: number) => Math.max(0, ns / 1e6 - resolutionMs);
      return {
        utilization: performance.eventLoopUtilization(start).utilization,
        delayP50: ms(delay.percentile(50)),
        delayP99: ms(delay.percentile(99)),
        delayMax: ms(delay.max),
      };
    },
  };
}

export const eventLoopText = (r: EventLoopReading) => {
  const ms = (v: number) => `${Math.round(v)} ms`;
  return `the server's event loop busy ${Math.round(100 * r.utilization)}% of the run, a 10 ms timer late by p50 ${ms(r.delayP50)}, p99 ${ms(r.delayP99)}, max ${ms(r.delayMax)}`;
};
