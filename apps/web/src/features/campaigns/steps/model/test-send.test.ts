import { describe, expect, it } from "vitest";
import { testAvailability } from "./test-send";

describe("testAvailability", () => {
  it("allows Test Sms with a message, whatever the status", () => {
    expect(testAvailability({ type: "sms", message: "Hi" }, "active")).toEqual({ kind: "sms", block: null });
  });

  it("blocks a test of an empty message", () => {
    expect(testAvailability({ type: "sms", message: "  " }, "draft")).toEqual({ kind: "sms", block: "needsMessage" });
    expect(testAvailability({ type: "email", message: "" }, "draft")).toEqual({ kind: "email", block: "needsMessage" });
  });

  it("allows Test Email only while the campaign is a draft", () => {
    expect(testAvailability({ type: "email", message: "<p>Hi</p>" }, "draft")).toEqual({ kind: "email", block: null });
    expect(testAvailability({ type: "email", message: "<p>Hi</p>" }, "paused")).toEqual({ kind: "email", block: "draftOnly" });
  });

  it("has no test for a split itself (its parts are tested)", () => {
    expect(testAvailability({ type: "split", message: "" }, "draft")).toBeNull();
  });
});
