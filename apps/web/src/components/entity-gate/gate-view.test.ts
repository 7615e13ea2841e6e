import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { gateView, parseId } from "./gate-view";

describe("parseId", () => {
  it.each([
    ["12", 12],
    ["0", null],
    ["-3", null],
    ["1e3", null],
    ["abc", null],
    ["99999999999999999999", null],
    [undefined, null],
  ])("%s → %s", (raw, id) => expect(parseId(raw)).toBe(id));
});

describe("gateView", () => {
  const query = { data: undefined, error: null, isPending: true, fetchStatus: "fetching" as const };

  it("waits while the record loads, then shows it", () => {
    expect(gateView(1, query)).toBe("loading");
    expect(gateView(1, { ...query, data: { id: 1 }, isPending: false, fetchStatus: "idle" })).toBe("ready");
  });

  it("says not found for an id that cannot exist and for a 404, even over a cached copy", () => {
    expect(gateView(null, { ...query, fetchStatus: "idle" })).toBe("notFound");
    const gone = new ApiError(404, "Not found.");
    expect(gateView(1, { ...query, data: { id: 1 }, error: gone, isPending: false, fetchStatus: "idle" })).toBe("notFound");
  });

  it("offers a retry for any other failure", () => {
    expect(gateView(1, { ...query, error: new ApiError(500, "Boom."), isPending: false, fetchStatus: "idle" })).toBe("error");
  });
});
