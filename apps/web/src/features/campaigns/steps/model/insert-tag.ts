export interface Inserted {
  text: string;
  /** Where the caret goes: right after the inserted tag. */
  caret: number;
}

/**
 * A tag chip's placeholder put where the caret is, replacing a selection. Positions out of range (a
 * field that was never focused reports none) put it at the end.
 */
export function insertAt(text: string, tag: string, start?: number | null, end?: number | null): Inserted {
  const from = start === null || start === undefined || start < 0 || start > text.length ? text.length : start;
  const to = end === null || end === undefined || end < from || end > text.length ? from : end;
  return { text: text.slice(0, from) + tag + text.slice(to), caret: from + tag.length };
}
