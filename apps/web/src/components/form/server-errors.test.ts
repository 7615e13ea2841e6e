import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { describeFailure, placeServerErrors } from "./server-errors";

const errors = { name: ["The name is taken.", "Too long."], source_id: ["Pick a source."], request: ["Try later."] };

describe("placeServerErrors", () => {
  it("puts the first message of each named key under its field and keeps the others apart", () => {
    expect(placeServerErrors(errors, ["name"])).toEqual({ fields: { name: "The name is taken." }, rest: ["Pick a source.", "Try later."] });
  });

  it("renames keys by a map or a function, first message per field", () => {
    expect(placeServerErrors(errors, { name: "name", source_id: "source" }).fields).toEqual({
      name: "The name is taken.",
      source: "Pick a source.",
    });
    const both = placeServerErrors({ a: ["first"], b: ["second"] }, () => "lookups");
    expect(both).toEqual({ fields: { lookups: "first" }, rest: [] });
  });
});

describe("describeFailure", () => {
  it("leaves the alert empty when every message sits under a field", () => {
    const e = new ApiError(422, "The name is taken.", { name: ["The name is taken."] });
    expect(describeFailure(e, ["name"])).toEqual({ fields: { name: "The name is taken." }, alert: null });
  });

  it("alerts the messages no field shows, or the failure when none went under a field", () => {
    expect(describeFailure(new ApiError(422, "Bad.", errors), ["name"]).alert).toBe("Pick a source. Try later.");
    expect(describeFailure(new ApiError(500, "Server error."), ["name"]).alert).toBe("Server error.");
    expect(describeFailure(new Error("Offline."), ["name"])).toEqual({ fields: {}, alert: "Offline." });
  });
});
