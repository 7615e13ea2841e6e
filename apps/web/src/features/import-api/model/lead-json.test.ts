import { PublicImportRequest } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { appendBlankAttribute, canAppend, canSave, EXAMPLE_TEXT, importBody, parseAttributes, targetUrl } from "./lead-json";

describe("parseAttributes", () => {
  it("accepts the example", () => expect(parseAttributes(EXAMPLE_TEXT)).toMatchObject({ ok: true, value: { length: 3 } }));

  it.each([
    ["", "syntax"],
    ["[{", "syntax"],
    ['[{"type": "phone",}]', "syntax"],
    ['{"type": "phone", "attribute": "Phone", "value": "1"}', "notArray"],
    ["null", "notArray"],
    ["[]", "noContact"],
    ['[{"type": "string", "attribute": "First Name", "value": "Ann"}]', "noContact"],
    ['["phone"]', "noContact"],
  ])("%j → %s", (text, kind) => {
    const parsed = parseAttributes(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem.kind).toBe(kind);
  });

  it("keeps the parser's message for a syntax error", () => {
    const parsed = parseAttributes("[1,]");
    expect(parsed.ok || parsed.problem.kind !== "syntax" ? "" : parsed.problem.detail).not.toBe("");
  });

  it.each(["email", "phone"])("one %s attribute is enough", (type) =>
    expect(parseAttributes(JSON.stringify([{ type, attribute: "X", value: "1" }])).ok).toBe(true),
  );
});

describe("the '+' button", () => {
  it("appends a blank string attribute", () => {
    const next = appendBlankAttribute(EXAMPLE_TEXT)!;
    const list = JSON.parse(next) as unknown[];
    expect(list).toHaveLength(4);
    expect(list[3]).toEqual({ type: "string", attribute: "", value: "" });
    expect(list.slice(0, 3)).toEqual(JSON.parse(EXAMPLE_TEXT));
  });

  it("appends to an array that has no contact yet (the new row may become one)", () =>
    expect(JSON.parse(appendBlankAttribute("[]")!)).toHaveLength(1));

  it.each(["[{", "", '{"a": 1}', "42"])("is off for %j", (text) => {
    expect(appendBlankAttribute(text)).toBeNull();
    expect(canAppend(text)).toBe(false);
  });
});

describe("save", () => {
  it.each([
    ["key", EXAMPLE_TEXT, true],
    ["", EXAMPLE_TEXT, false],
    ["   ", EXAMPLE_TEXT, false],
    ["key", "[{", false],
    ["key", "[]", false],
  ])("key %j with the text → %s", (key, text, expected) => expect(canSave(key, text)).toBe(expected));

  it("wraps the attributes as one lead of the public request", () => {
    const parsed = parseAttributes(EXAMPLE_TEXT);
    if (!parsed.ok) throw new Error("example must parse");
    const body = importBody(parsed.value);
    expect(PublicImportRequest.safeParse(body).success).toBe(true);
    expect(body.leads).toHaveLength(1);
  });

  it("shows the absolute address with the key encoded", () =>
    expect(targetUrl("https://app.example.com", " a b&c ")).toBe("https://app.example.com/api/import/lead?api_key=a%20b%26c"));
});
