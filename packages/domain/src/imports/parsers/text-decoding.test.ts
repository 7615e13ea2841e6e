import { describe, expect, it } from "vitest";
import { describeBinarySignature, detectUtf16ByNulPattern, guessSingleOrMultiByte, looksBinary, StreamTextDecoder } from "./text-decoding";

const cp1251 = (s: string) =>
  Buffer.from(
    [...s].map((ch) =>
      ch === "Ё" ? 0xa8 : ch === "ё" ? 0xb8 : ch >= "А" && ch <= "я" ? ch.charCodeAt(0) - 0x410 + 0xc0 : ch.charCodeAt(0),
    ),
  );
const utf16be = (s: string) => Buffer.from(s, "utf16le").swap16();

function decodeInPieces(bytes: Buffer, size: number): { text: string; encoding: string } {
  const d = new StreamTextDecoder();
  let text = "";
  for (let i = 0; i < bytes.length; i += size) text += d.decode(bytes.subarray(i, i + size));
  text += d.end();
  return { text, encoding: d.encoding };
}

describe("StreamTextDecoder", () => {
  const text = "Name,City\nJosé,Zürich\nАнна,Москва\n";
  it.each([
    { name: "UTF-8", bytes: Buffer.from(text), encoding: "utf-8", want: text },
    { name: "UTF-8 with BOM", bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), encoding: "utf-8", want: text },
    {
      name: "UTF-16LE with BOM",
      bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]),
      encoding: "utf-16le",
      want: text,
    },
    { name: "UTF-16BE with BOM", bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]), encoding: "utf-16be", want: text },
    { name: "UTF-16LE without BOM", bytes: Buffer.from(text, "utf16le"), encoding: "utf-16le", want: text },
    { name: "UTF-16BE without BOM", bytes: utf16be(text), encoding: "utf-16be", want: text },
    {
      name: "Windows-1251",
      bytes: cp1251("Имя,Город\nАнна,Москва\nЁлка,Пермь\n"),
      encoding: "windows-1251",
      want: "Имя,Город\nАнна,Москва\nЁлка,Пермь\n",
    },
    {
      name: "Latin-1",
      bytes: Buffer.from("Name\nMüller\nGonçalves\nSão João\n", "latin1"),
      encoding: "windows-1252",
      want: "Name\nMüller\nGonçalves\nSão João\n",
    },
  ])("$name, whole and in 1-, 2- and 3-byte pieces", ({ bytes, encoding, want }) => {
    for (const size of [bytes.length, 1, 2, 3]) {
      expect(decodeInPieces(bytes, size)).toEqual({ text: want, encoding });
    }
  });

  it("keeps deciding while the text is ASCII, so a late accented name is still Latin-1", () => {
    const head = "name,phone\n".concat("john,5551234567\n".repeat(20_000));
    const bytes = Buffer.concat([Buffer.from(head), Buffer.from("Müller,5559876543\n", "latin1")]);
    const { text, encoding } = decodeInPieces(bytes, 64 * 1024);
    expect(encoding).toBe("windows-1252");
    expect(text.endsWith("Müller,5559876543\n")).toBe(true);
    expect(text.length).toBe(head.length + 18);
  });

  it("drops NUL characters, also in UTF-16", () => {
    expect(decodeInPieces(Buffer.from("a\0b,c\0\n"), 2).text).toBe("ab,c\n");
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("a\0b\n", "utf16le")]);
    expect(decodeInPieces(le, 3).text).toBe("ab\n");
  });

  it("uses a declared encoding unless a BOM says otherwise", () => {
    const d = new StreamTextDecoder("windows-1251");
    expect(d.decode(cp1251("<a>Иван</a>")) + d.end()).toBe("<a>Иван</a>");
    expect(d.encoding).toBe("windows-1251");
  });
});

describe("detection helpers", () => {
  it("does not take a few stray NULs for UTF-16", () => {
    expect(detectUtf16ByNulPattern(Buffer.from("name,phone\0\njohn,555\0\nmary,666\0\nbob,7\0\n"))).toBeNull();
    expect(detectUtf16ByNulPattern(Buffer.from("name,phone\njohn,555\nmary,666\n", "utf16le"))).toBe("utf-16le");
  });

  it("tells Cyrillic Windows-1251 from Latin-1 by runs of high bytes", () => {
    expect(guessSingleOrMultiByte(cp1251("Петров Иван"), true)).toBe("windows-1251");
    expect(guessSingleOrMultiByte(Buffer.from("é Müller, Café", "latin1"), true)).toBe("windows-1252");
    expect(guessSingleOrMultiByte(Buffer.from("ещё José"), true)).toBe("utf-8");
  });

  it("recognises files that are not text", () => {
    expect(describeBinarySignature(Buffer.from("PK\x03\x04rest", "latin1"))).toMatch(/Excel workbook/);
    expect(describeBinarySignature(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toMatch(/old Excel/);
    expect(describeBinarySignature(Buffer.from("%PDF-1.7"))).toMatch(/PDF/);
    expect(describeBinarySignature(Buffer.from("name,phone\n"))).toBeNull();
    expect(looksBinary("\x01\x02\x03\x04abc\x05\x06")).toBe(true);
    expect(looksBinary("name,phone\r\njohn,555\t\n")).toBe(false);
  });
});
