import { describe, expect, it } from "vitest";
import { decidingDigits } from "./digit-pattern";
import { normalizePhone, normalizePhoneFully } from "./phone";
import { NANP_KEY_DIGITS, plainNanpNumber } from "./phone-nanp";

/** A small deterministic generator (mulberry32), so a failure names a reproducible number. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SHAPES: ((n: string) => string)[] = [
  (n) => `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`,
  (n) => `(${n.slice(0, 3)})${n.slice(3, 6)}-${n.slice(6)}`,
  (n) => `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`,
  (n) => `${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6)}`,
  (n) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
  (n) => n,
  (n) => `1${n}`,
  (n) => `+1${n}`,
  (n) => `+1 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
  (n) => `1-${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`,
  (n) => `+1 (${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`,
  (n) => `1.${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6)}`,
];

/** Area codes that exist (US, Canada, the Caribbean, toll-free, premium) and ones that do not (N11, 555, 37X, 96X …). */
const AREAS = ["212", "415", "604", "416", "787", "876", "658", "246", "441", "800", "888", "900", "500", "521", "523", "524", "600"];
const NOT_AREAS = ["211", "311", "411", "555", "370", "960", "999", "200", "286", "289", "950"];
/** Six-digit stems where the metadata branches on the 7th digit (Barbados 246-521-[0369]…, Jamaica 876-606-0…). */
const DEEP = ["246521", "876606", "246523", "876523"];

function digits(next: () => number, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += Math.floor(next() * 10);
  return s;
}

/** National numbers: random ones, real area codes with any exchange (0XX and 1XX included), and fake area codes. */
function nationals(seed: number, count: number): string[] {
  const next = random(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const pick = next();
    if (pick < 0.1) {
      out.push(`${DEEP[Math.floor(next() * DEEP.length)]}${digits(next, 4)}`);
      continue;
    }
    const area =
      pick < 0.4
        ? `${2 + Math.floor(next() * 8)}${digits(next, 2)}`
        : pick < 0.85
          ? AREAS[Math.floor(next() * AREAS.length)]!
          : NOT_AREAS[Math.floor(next() * NOT_AREAS.length)]!;
    // A few prefixes get many numbers, so the verdict of one number is reused for others.
    const exchange = next() < 0.3 ? "555" : digits(next, 3);
    out.push(`${area}${exchange}${digits(next, 4)}`);
  }
  return out;
}

describe("NANP fast path", () => {
  it("the metadata analysis proves a key length", () => {
    expect(NANP_KEY_DIGITS).not.toBeNull();
    expect(NANP_KEY_DIGITS!).toBeGreaterThanOrEqual(3);
    expect(NANP_KEY_DIGITS!).toBeLessThanOrEqual(10);
  });

  it("gives exactly the full path's answer for generated numbers in every plain shape", () => {
    const next = random(7);
    let fast = 0;
    let valid = 0;
    for (const n of nationals(1, 30_000)) {
      const raw = SHAPES[Math.floor(next() * SHAPES.length)]!(n);
      if (plainNanpNumber(raw) !== null) fast++;
      const expected = normalizePhoneFully(raw);
      if (expected.ok) valid++;
      expect(normalizePhone(raw), raw).toEqual(expected);
    }
    // The shapes are the ones the shortcut takes, and the sample has both verdicts in numbers.
    expect(fast).toBe(30_000);
    expect(valid).toBeGreaterThan(5_000);
    expect(30_000 - valid).toBeGreaterThan(5_000);
  });

  it("gives the full path's answer with an ignore template, and shares verdicts across shapes of one prefix", () => {
    const template = ["555*", "+1212*", "(415) 555-0000", "1800*", "???555????"];
    const next = random(11);
    for (const n of nationals(2, 5_000)) {
      for (let k = 0; k < 3; k++) {
        const raw = SHAPES[Math.floor(next() * SHAPES.length)]!(n);
        expect(normalizePhone(raw, { ignoreTemplate: template }), raw).toEqual(normalizePhoneFully(raw, { ignoreTemplate: template }));
      }
    }
  });

  it("leaves anything but a plain shape to the full path", () => {
    for (const raw of [
      " 2124567890",
      "212-456-7890 x12",
      "+44 20 7946 0958",
      "0212 456 7890",
      "(112) 456-7890",
      "212 4567 890",
      "+ 1 212 456 7890",
      "11 212 456 7890",
      "２１２４５６７８９０",
      "212--456-7890",
    ]) {
      expect(plainNanpNumber(raw), raw).toBeNull();
      expect(normalizePhone(raw), raw).toEqual(normalizePhoneFully(raw));
    }
  });
});

describe("decidingDigits", () => {
  it.each<[string, number, boolean, number | null]>([
    ["[2-9]\\d{9}", 10, false, 1],
    ["\\d{10}", 10, false, 0],
    ["212\\d{7}", 10, false, 3],
    ["52[34][2-9]1[02-9]\\d{4}", 10, false, 6],
    ["(?:268|[58]\\d\\d|900)\\d{7}", 10, false, 3],
    ["8766060\\d{3}|876\\d{7}", 10, false, 3],
    ["8766060\\d{3}|876[0-5]\\d{6}", 10, false, 7],
    ["[2-9]\\d{9}|3\\d{6}", 10, false, 1],
    ["21?2\\d{7}", 10, false, 3],
    ["658|876", 10, true, 3],
    ["3\\d{6}", 10, false, 0],
    ["\\d+", 10, false, null],
    ["(\\d{3})", 10, false, null],
  ])("%s over %i digits (prefix %s) → %s", (pattern, length, prefix, expected) => {
    expect(decidingDigits(pattern, length, prefix)).toBe(expected);
  });
});
