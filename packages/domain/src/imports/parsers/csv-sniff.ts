export const csvDelimiters = [",", ";", "\t", "|"] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];

const SNIFF_RECORDS = 50;

/**
 * The delimiter that splits the first records (outside quotes) into the same number of fields as the header.
 * Candidates the header does not contain are out; among the rest the most consistent wins, ties going to the
 * format's own delimiter first (tab for .tsv, comma for .csv), then comma, semicolon, tab, pipe. A file with none
 * of them is one column.
 */
export function sniffDelimiter(sample: string, preferTab: boolean, complete: boolean): CsvDelimiter {
  const order: readonly CsvDelimiter[] = preferTab ? ["\t", ",", ";", "|"] : csvDelimiters;
  const counts = countPerRecord(sample, complete);
  const header = counts[0];
  if (!header) return order[0]!;
  let best: CsvDelimiter = order[0]!;
  let bestScore = -1;
  for (const d of order) {
    const k = csvDelimiters.indexOf(d);
    const expected = header[k]!;
    if (expected === 0) continue;
    let same = 0;
    for (const row of counts) if (row[k] === expected) same++;
    const score = same / counts.length;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** Per non-blank record, how many times each candidate occurs outside quotes. */
function countPerRecord(sample: string, complete: boolean): number[][] {
  const rows: number[][] = [];
  let counts = [0, 0, 0, 0];
  let inQuotes = false;
  let blank = true;
  let atFieldStart = true;
  for (let i = 0; i < sample.length && rows.length < SNIFF_RECORDS; i++) {
    const c = sample[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (sample[i + 1] === '"') i++;
        else inQuotes = false;
      }
      continue;
    }
    if (c === "\n" || c === "\r") {
      if (!blank) rows.push(counts);
      counts = [0, 0, 0, 0];
      blank = true;
      atFieldStart = true;
      continue;
    }
    blank = false;
    const k = csvDelimiters.indexOf(c as CsvDelimiter);
    if (k >= 0) {
      counts[k]!++;
      atFieldStart = true;
    } else {
      if (c === '"' && atFieldStart) inQuotes = true;
      atFieldStart = false;
    }
  }
  // The last record of an incomplete sample may be cut short; count it only when it is the whole story.
  if (!blank && (complete || rows.length === 0)) rows.push(counts);
  return rows;
}
