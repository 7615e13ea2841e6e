export interface DocPiece {
  key: string;
  text: string;
  code: boolean;
}

/** Paragraphs at blank lines (single line breaks are the author's wrapping); `code` between backticks. */
export function docParagraphs(text: string): { key: string; pieces: DocPiece[] }[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean)
    .map((p, i) => ({
      key: `p${i}`,
      pieces: p
        .split("`")
        .map((piece, j) => ({ key: `p${i}.${j}`, text: piece, code: j % 2 === 1 }))
        .filter((piece) => piece.text !== ""),
    }));
}
