import { describe, expect, it } from "vitest";
import { en } from "./en";

describe("English texts", () => {
  it("has a text for every key", () => {
    expect(Object.entries(en).filter(([, text]) => text.trim() === "")).toEqual([]);
  });
});
