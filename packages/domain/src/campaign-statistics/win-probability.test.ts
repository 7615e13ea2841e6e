import { describe, expect, it } from "vitest";
import { normalCdf, winProbabilities, winProbability } from "./win-probability";

describe("normalCdf", () => {
  it.each([
    [0, 0.5],
    [1.96, 0.9750021],
    [-1, 0.1586553],
    [3, 0.9986501],
    [-3, 0.0013499],
  ])("Φ(%s) = %s", (x, p) => {
    expect(normalCdf(x)).toBeCloseTo(p, 6);
  });
});

describe("winProbability", () => {
  it.each([
    // 12% vs 10% of 1000 each: z = 1.4293
    [{ sent: 1000, clicked: 120 }, { sent: 1000, clicked: 100 }, 0.9235411],
    [{ sent: 1000, clicked: 100 }, { sent: 1000, clicked: 120 }, 1 - 0.9235411],
    // 10% vs 6% of 500 each: z = 2.3313
    [{ sent: 500, clicked: 50 }, { sent: 500, clicked: 30 }, 0.9901302],
  ])("%o against %o is %s", (a, b, p) => {
    expect(winProbability(a, b)).toBeCloseTo(p, 5);
  });

  it("is a coin toss when the rates are equal, whatever the sizes", () => {
    expect(winProbability({ sent: 1000, clicked: 100 }, { sent: 200, clicked: 20 })).toBe(0.5);
    expect(winProbability({ sent: 50, clicked: 0 }, { sent: 80, clicked: 0 })).toBe(0.5);
    expect(winProbability({ sent: 10, clicked: 10 }, { sent: 10, clicked: 10 })).toBe(0.5);
  });

  it("is a coin toss when either part sent nothing", () => {
    expect(winProbability({ sent: 0, clicked: 0 }, { sent: 100, clicked: 40 })).toBe(0.5);
    expect(winProbability({ sent: 100, clicked: 40 }, { sent: 0, clicked: 0 })).toBe(0.5);
  });
});

describe("winProbabilities", () => {
  it("compares each part with the best other part", () => {
    const [a, b, c] = winProbabilities([
      { sent: 1000, clicked: 120 },
      { sent: 1000, clicked: 100 },
      { sent: 1000, clicked: 50 },
    ]);
    expect(a).toBeCloseTo(0.9235411, 5);
    // b and c are measured against a, the best of their others.
    expect(b).toBeCloseTo(1 - 0.9235411, 5);
    expect(c!).toBeLessThan(0.001);
  });

  it("has nothing to say about a lone part", () => {
    expect(winProbabilities([{ sent: 10, clicked: 1 }])).toEqual([null]);
    expect(winProbabilities([])).toEqual([]);
  });
});
