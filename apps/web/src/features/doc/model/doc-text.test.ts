import { describe, expect, it } from "vitest";
import { docParagraphs } from "./doc-text";

describe("docParagraphs", () => {
  it("splits paragraphs at blank lines and joins wrapped lines", () =>
    expect(docParagraphs("One\nline.\n\nTwo.").map((p) => p.pieces.map((x) => x.text).join(""))).toEqual(["One line.", "Two."]));

  it("marks text between backticks as code", () =>
    expect(docParagraphs("Send `api_key` or `X-Api-Key`.")[0]?.pieces.map((p) => [p.text, p.code])).toEqual([
      ["Send ", false],
      ["api_key", true],
      [" or ", false],
      ["X-Api-Key", true],
      [".", false],
    ]));

  it("keeps markup as plain text", () =>
    expect(docParagraphs("<b>x</b>")[0]?.pieces).toEqual([{ key: "p0.0", text: "<b>x</b>", code: false }]));
});
