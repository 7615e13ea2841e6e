import { describe, expect, it } from "vitest";
import { CsvTokenizer, UnclosedQuote } from "./csv-tokenizer";

function tokenize(text: string, delimiter = ",", pieces: string[] = [text]): string[][] {
  const out: string[][] = [];
  const t = new CsvTokenizer(delimiter, (cells) => out.push(cells));
  for (const p of pieces) t.push(p);
  t.end();
  return out;
}

const cases: { name: string; text: string; want: string[][] }[] = [
  {
    name: "LF",
    text: "a,b\n1,2\n",
    want: [
      ["a", "b"],
      ["1", "2"],
    ],
  },
  {
    name: "CRLF",
    text: "a,b\r\n1,2\r\n",
    want: [
      ["a", "b"],
      ["1", "2"],
    ],
  },
  {
    name: "lone CR",
    text: "a,b\r1,2\r",
    want: [
      ["a", "b"],
      ["1", "2"],
    ],
  },
  { name: "mixed line ends", text: "a\r\nb\nc\rd", want: [["a"], ["b"], ["c"], ["d"]] },
  {
    name: "no final newline",
    text: "a,b\n1,2",
    want: [
      ["a", "b"],
      ["1", "2"],
    ],
  },
  { name: "empty lines are records", text: "a\n\nb\n", want: [["a"], [""], ["b"]] },
  {
    name: "trailing delimiter",
    text: "a,b,\n1,",
    want: [
      ["a", "b", ""],
      ["1", ""],
    ],
  },
  { name: "quoted delimiter", text: '"a,b",c\n', want: [["a,b", "c"]] },
  { name: "escaped quote", text: '"say ""hi""",x\n', want: [['say "hi"', "x"]] },
  {
    name: "quoted LF",
    text: '"line1\nline2",x\ny,z\n',
    want: [
      ["line1\nline2", "x"],
      ["y", "z"],
    ],
  },
  { name: "quoted CRLF", text: '"l1\r\nl2",x\r\n', want: [["l1\r\nl2", "x"]] },
  { name: "quoted empty", text: '"",""\n', want: [["", ""]] },
  { name: "quote inside unquoted is literal", text: '5" screen,x\n', want: [['5" screen', "x"]] },
  { name: "text after closing quote kept", text: '"a"b,c\n', want: [["ab", "c"]] },
  { name: "quoted last field without newline", text: 'a,"b"', want: [["a", "b"]] },
  { name: "CRLF right after a quoted field", text: '"a"\r\n"b"\r\n', want: [["a"], ["b"]] },
];

describe("CsvTokenizer", () => {
  it.each(cases)("$name", ({ text, want }) => {
    expect(tokenize(text)).toEqual(want);
  });

  it.each(cases)("$name, split at every position", ({ text, want }) => {
    for (let k = 0; k <= text.length; k++) {
      expect(tokenize(text, ",", [text.slice(0, k), text.slice(k)]), `split at ${k}`).toEqual(want);
    }
  });

  it("splits one character at a time", () => {
    const text = 'x;"a;\r\nb";"q""q"\r\ny;z\r';
    expect(tokenize(text, ";", [...text])).toEqual([
      ["x", "a;\r\nb", 'q"q'],
      ["y", "z"],
    ]);
  });

  it.each([";", "\t", "|"])("uses %j as the delimiter", (d) => {
    expect(tokenize(`a${d}"b${d}c"${d}d\n`, d)).toEqual([["a", `b${d}c`, "d"]]);
  });

  it("throws UnclosedQuote when the text ends inside quotes", () => {
    expect(() => tokenize('a,b\n1,"open\n2,3\n')).toThrow(UnclosedQuote);
  });

  it("reports a pending record and whether it is inside quotes", () => {
    const t = new CsvTokenizer(",", () => {});
    t.push('a,"b\nc');
    expect(t.pending).toEqual({ chars: 6, inQuotes: true });
    t.push('",d');
    expect(t.pending).toEqual({ chars: 9, inQuotes: false });
    t.push("\n");
    expect(t.pending).toBeNull();
  });

  it("counts the characters of each record, without its line end", () => {
    const chars: number[] = [];
    const t = new CsvTokenizer(",", (_c, n) => chars.push(n));
    t.push('ab,c\r\n"x,y",z\n');
    t.end();
    expect(chars).toEqual([4, 7]);
  });
});
