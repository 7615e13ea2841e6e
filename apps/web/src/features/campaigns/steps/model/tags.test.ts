import { describe, expect, it } from "vitest";
import { randomBounds } from "./tags";

describe("randomBounds", () => {
  it("offers 100 to 5000 by 500, both ends included", () => {
    expect(randomBounds()).toEqual([100, 500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000]);
  });

  it("adds the top when the step does not land on it", () => {
    expect(randomBounds({ min: 1, max: 25, step: 10 })).toEqual([1, 10, 20, 25]);
  });
});
