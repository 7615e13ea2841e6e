import { describe, expect, it } from "vitest";
import { addEmails, splitDraft, splitEmails } from "./email-list";

describe("splitEmails", () => {
  it.each([
    ["a@x.com, b@y.com\nc@z.com", ["a@x.com", "b@y.com", "c@z.com"]],
    ["a@x.com;b@y.com\r\n\r\n", ["a@x.com", "b@y.com"]],
    ["  a@x.com  ", ["a@x.com"]],
    ["a@x.com\tb@y.com", ["a@x.com", "b@y.com"]],
    [" , ;\n", []],
  ])("%j → %j", (text, emails) => expect(splitEmails(text)).toEqual(emails));
});

describe("splitDraft", () => {
  it("turns entries followed by a separator into chips and keeps the one being typed", () => {
    expect(splitDraft("a@x.com, b@y")).toEqual({ complete: ["a@x.com"], rest: "b@y" });
    expect(splitDraft("a@x.com,")).toEqual({ complete: ["a@x.com"], rest: "" });
    expect(splitDraft("a@x.co")).toEqual({ complete: [], rest: "a@x.co" });
    expect(splitDraft(",")).toEqual({ complete: [], rest: "" });
  });
});

describe("addEmails", () => {
  it("adds in order and skips addresses already there in any case", () => {
    expect(addEmails(["A@x.com"], ["b@y.com", "a@X.com", "b@y.com", "c@z.com"])).toEqual(["A@x.com", "b@y.com", "c@z.com"]);
  });

  it("leaves the current list untouched", () => {
    const current = ["a@x.com"];
    addEmails(current, ["b@y.com"]);
    expect(current).toEqual(["a@x.com"]);
  });
});
