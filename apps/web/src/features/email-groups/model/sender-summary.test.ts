import { describe, expect, it } from "vitest";
import { fromNames, userNames } from "./sender-summary";

const group = {
  usernames: [
    { id: 1, from_name: "Acme Support", user_name: "help" },
    { id: 2, from_name: "Jane", user_name: "jane" },
    { id: 3, from_name: "Acme Support", user_name: "support" },
  ],
};

describe("sender group summary", () => {
  it("lists each from name once, in row order", () => {
    expect(fromNames(group)).toEqual(["Acme Support", "Jane"]);
  });

  it("lists every user name", () => {
    expect(userNames(group)).toEqual(["help", "jane", "support"]);
    expect(userNames({ usernames: [] })).toEqual([]);
  });
});
