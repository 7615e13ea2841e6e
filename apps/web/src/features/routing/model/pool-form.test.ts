import { describe, expect, it } from "vitest";
import { poolErrorPath, poolFormSchema, toSavePool } from "./pool-form";

const s = (sender: string, type: "phone" | "pool" = "phone") => ({ gateway_id: 5, sender_type: type, sender, sender_name: "" });

describe("pool form", () => {
  it("needs a sender and no sender twice", () => {
    expect(poolFormSchema.safeParse({ name: "P", senders: [] }).error?.issues[0]?.message).toBe("Add at least one sender.");
    const twice = poolFormSchema.safeParse({ name: "P", senders: [s("+12015550101"), s(" +12015550101")] });
    expect(twice.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["senders.1.sender", "This sender is already in the pool."],
    ]);
    // The same key as a pool is another sender.
    expect(poolFormSchema.safeParse({ name: "P", senders: [s("X"), s("X", "pool")] }).success).toBe(true);
  });

  it("sends trimmed senders and maps server errors to rows", () => {
    expect(toSavePool({ name: " P ", senders: [s(" +12015550101 ")] })).toEqual({ name: "P", senders: [s("+12015550101")] });
    expect(poolErrorPath("senders.0.gateway_id")).toBe("senders.0.gateway_id");
    expect(poolErrorPath("senders")).toBeNull();
  });
});
