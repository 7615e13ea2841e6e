import { describe, expect, it } from "vitest";
import { type SmsLength, type SmsLengthOptions, smsLength } from "./sms-length";

// By the rows of the GSM 03.38 table, 0x00 to 0x7F, without the escape (0x1B).
const GSM_BASIC = [
  "@£$¥èéùìòÇ\nØø\rÅå",
  "\u0394_\u03a6\u0393\u039b\u03a9\u03a0\u03a8\u03a3\u0398\u039eÆæßÉ",
  " !\"#¤%&'()*+,-./",
  "0123456789:;<=>?",
  "¡ABCDEFGHIJKLMNO",
  "PQRSTUVWXYZÄÖÑÜ§",
  "¿abcdefghijklmno",
  "pqrstuvwxyzäöñüà",
].join("");

const a = (n: number) => "a".repeat(n);
const zh = (n: number) => "Ж".repeat(n);
const grin = (n: number) => "😀".repeat(n);

type Row = [label: string, text: string, options: SmsLengthOptions, expected: Omit<SmsLength, "nonGsmCharacters" | "exact">];

const gsm = (characters: number, parts: number, perPart: number, remainingInPart: number) =>
  ({ encoding: "GSM-7", characters, parts, perPart, remainingInPart }) as const;
const ucs = (characters: number, parts: number, perPart: number, remainingInPart: number) =>
  ({ encoding: "UCS-2", characters, parts, perPart, remainingInPart }) as const;

const corpus: Row[] = [
  ["empty", "", {}, gsm(0, 0, 160, 160)],
  ["GSM 160", a(160), {}, gsm(160, 1, 160, 0)],
  ["GSM 161", a(161), {}, gsm(161, 2, 153, 145)],
  ["GSM 306", a(306), {}, gsm(306, 2, 153, 0)],
  ["GSM 307", a(307), {}, gsm(307, 3, 153, 152)],
  ["GSM 459", a(459), {}, gsm(459, 3, 153, 0)],
  ["the whole GSM 03.38 basic alphabet", GSM_BASIC, {}, gsm(127, 1, 160, 33)],
  ["every extension character", "|^€{}[~]\\\f", {}, gsm(20, 1, 160, 140)],
  ["extension pair ends the single part", `${a(158)}€`, {}, gsm(160, 1, 160, 0)],
  ["extension pair one past the single part", `${a(159)}€`, {}, gsm(161, 2, 153, 145)],
  ["extension pair ends part 1", `${a(151)}[${a(153)}`, {}, gsm(306, 2, 153, 0)],
  ["extension pair at the 153 boundary moves whole", `${a(152)}[${a(152)}`, {}, gsm(306, 3, 153, 152)],
  ["braces that are no placeholder", "{{a b}}", {}, gsm(11, 1, 160, 149)],
  ["UCS-2 70", zh(70), {}, ucs(70, 1, 70, 0)],
  ["UCS-2 71", zh(71), {}, ucs(71, 2, 67, 63)],
  ["UCS-2 134", zh(134), {}, ucs(134, 2, 67, 0)],
  ["UCS-2 135", zh(135), {}, ucs(135, 3, 67, 66)],
  ["one emoji", grin(1), {}, ucs(2, 1, 70, 68)],
  ["35 emoji fill one part", grin(35), {}, ucs(70, 1, 70, 0)],
  ["36 emoji: 33 fit in a part of 67", grin(36), {}, ucs(72, 2, 67, 61)],
  ["surrogate pair ends part 1", `${zh(65)}😀${zh(67)}`, {}, ucs(134, 2, 67, 0)],
  ["surrogate pair at the 67 boundary moves whole", `${zh(66)}😀${zh(66)}`, {}, ucs(134, 3, 67, 66)],
  ["GSM + one non-GSM at 70", `${a(69)}Ж`, {}, ucs(70, 1, 70, 0)],
  ["GSM + one non-GSM at 71", `${a(70)}Ж`, {}, ucs(71, 2, 67, 63)],
  ["extension characters count once in UCS-2", "€Ж", {}, ucs(2, 1, 70, 68)],
  ["link with a domain", "{{link}}", { shortDomain: "go.acme.io" }, gsm(30, 1, 160, 130)],
  ["link without a domain", "{{link}}", {}, gsm(40, 1, 160, 120)],
  ["link with an empty domain", "{{link}}", { shortDomain: "" }, gsm(40, 1, 160, 120)],
  ["link across the part boundary", `${a(150)}{{link}}`, { shortDomain: "go.acme.io" }, gsm(180, 2, 153, 126)],
  ["link in a UCS-2 message", "Ж {{link}}", { shortDomain: "go.acme.io" }, ucs(32, 1, 70, 38)],
  ["random number", "Win {{random:100-5000}}!", {}, gsm(9, 1, 160, 151)],
  ["random number, bounds reversed", "{{random:5000-100}}", {}, gsm(4, 1, 160, 156)],
  ["unknown placeholder", "{{first_name}}", {}, gsm(14, 1, 160, 146)],
  ["placeholder with an estimate", "Hi {{first_name}}", { placeholderLengths: { first_name: 8 } }, gsm(11, 1, 160, 149)],
  ["placeholder named like an Object member", "{{constructor}}", { placeholderLengths: {} }, gsm(15, 1, 160, 145)],
  ["fallback shorter than the tag", "Hi {{first_name|there}}", {}, gsm(17, 1, 160, 143)],
  [
    "fallback longer than the estimate",
    "Hi {{first_name|my dear friend}}",
    { placeholderLengths: { first_name: 8 } },
    gsm(17, 1, 160, 143),
  ],
  ["estimate longer than the fallback", "Hi {{first_name|you}}", { placeholderLengths: { first_name: 8 } }, gsm(11, 1, 160, 149)],
  ["fallback with extension characters", "{{x|[~]}}", { placeholderLengths: { x: 0 } }, gsm(6, 1, 160, 154)],
  ["fallback with a non-GSM character", "Hi {{first_name|amigo 😀}}", { placeholderLengths: { first_name: 2 } }, ucs(11, 1, 70, 59)],
  ["fallback across the part boundary", `${a(150)}{{x|${a(20)}}}`, { placeholderLengths: { x: 0 } }, gsm(170, 2, 153, 136)],
  ["a fallback with a brace is no tag", "{{x|a}b}}", {}, gsm(15, 1, 160, 145)],
  ["rendered body: no placeholders", "{{link}}", { placeholders: false }, gsm(12, 1, 160, 148)],
  ["10,000 GSM characters", a(10_000), {}, gsm(10_000, 66, 153, 98)],
  ["10,000 extension characters", "{".repeat(10_000), {}, gsm(20_000, 132, 153, 65)],
  ["10,000 UCS-2 code units of emoji", grin(5_000), {}, ucs(10_000, 152, 67, 33)],
];

describe("smsLength", () => {
  it.each(corpus)("%s", (_label, text, options, expected) => {
    const { nonGsmCharacters, exact: _, ...rest } = smsLength(text, options);
    expect(rest).toEqual(expected);
    expect(nonGsmCharacters.length > 0).toBe(expected.encoding === "UCS-2");
  });

  it.each([
    ["Ça va, garçon?", ["ç"]],
    ["Жx😀Ж😀ê", ["Ж", "😀", "ê"]],
    ["It’s `here`", ["’", "`"]],
    ["Greek \u03a9 is GSM, the ohm sign \u2126 and Greek \u0391 are not", ["\u2126", "\u0391"]],
    ["{{名前}}", ["名", "前"]],
    ["lone \ud83d surrogate", ["\ud83d"]],
  ])("%s switches to Unicode because of %j", (text, chars) => {
    const result = smsLength(text);
    expect(result.encoding).toBe("UCS-2");
    expect(result.nonGsmCharacters).toEqual(chars);
  });
});

describe("smsLength: exact or an upper bound", () => {
  it.each([
    ["plain text", "Hello there", true],
    ["a random number of fixed digits", "Code {{random:100-500}}", true],
    ["a random number of varying digits", "Code {{random:100-5000}}", false],
    ["a link (codes are 10 or 11 characters)", "Go {{link}}", false],
    ["a lead's value", "Hi {{first_name}}", false],
    ["a fallback", "Hi {{first_name|there}}", false],
    ["braces that are no tag", "{{a b}}", true],
  ])("%s", (_label, text, exact) => {
    expect(smsLength(text).exact).toBe(exact);
  });

  it("a rendered body is exact whatever it holds", () => {
    expect(smsLength("Hi {{first_name}} {{link}}", { placeholders: false }).exact).toBe(true);
  });
});
