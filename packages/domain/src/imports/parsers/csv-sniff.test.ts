import { describe, expect, it } from "vitest";
import { sniffDelimiter } from "./csv-sniff";

describe("sniffDelimiter", () => {
  it.each([
    { name: "comma", sample: "a,b,c\n1,2,3\n4,5,6\n", tsv: false, want: "," },
    { name: "semicolon with decimal commas", sample: "Name;Price;Phone\nJohn;1,50;555\nMary;2,75;666\n", tsv: false, want: ";" },
    { name: "tab", sample: "a\tb\tc\n1\t2\t3\n", tsv: false, want: "\t" },
    { name: "pipe with commas in values", sample: "name|notes\nJohn|a, b, c\nMary|x\n", tsv: false, want: "|" },
    { name: "comma beats semicolons in quoted values", sample: 'a,b\n"x;y;z",1\n"p;q",2\n', tsv: false, want: "," },
    { name: "single column defaults to comma", sample: "phone\n5551234567\n", tsv: false, want: "," },
    { name: "tsv defaults to tab", sample: "phone\n5551234567\n", tsv: true, want: "\t" },
    { name: "tsv file that is really comma-separated", sample: "a,b\n1,2\n", tsv: true, want: "," },
    { name: "quoted newline does not break counting", sample: 'a;b\n"x\ny";z\n1;2\n', tsv: false, want: ";" },
    { name: "header only", sample: "first;last;phone", tsv: false, want: ";" },
  ])("$name", ({ sample, tsv, want }) => {
    expect(sniffDelimiter(sample, tsv, true)).toBe(want);
  });

  it("ignores a last record cut off by the end of an incomplete sample", () => {
    expect(sniffDelimiter("a;b\n1;2\n3;4\n5,6,7,8", false, false)).toBe(";");
  });
});
