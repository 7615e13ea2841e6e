import { describe, expect, it } from "vitest";
import { formatMailbox, parseMailbox } from "./mailbox";

describe("an email's From as the ledger keeps it", () => {
  it.each([
    ["news@brand.test", null],
    ["news@brand.test", "Brand News"],
    ["a@b.test", 'Ann "The Deal" Lee \\ Co'],
  ])("%s named %s goes and comes back whole", (address, name) => {
    expect(parseMailbox(formatMailbox(address, name))).toEqual({ address, name });
  });

  it("reads a bare address without a name, and nothing as nothing", () => {
    expect(formatMailbox("x@y.test", "  ")).toBe("x@y.test");
    expect(parseMailbox(null)).toBeNull();
  });
});
