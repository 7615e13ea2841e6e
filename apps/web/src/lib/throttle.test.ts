import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttle } from "./throttle";

describe("throttle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs at once, folds a burst into one trailing run, then runs at once again", () => {
    const fn = vi.fn();
    const run = throttle(fn, 1000);
    run();
    expect(fn).toHaveBeenCalledTimes(1);
    run();
    run();
    run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    run();
    expect(fn).toHaveBeenCalledTimes(3);
  });
});
