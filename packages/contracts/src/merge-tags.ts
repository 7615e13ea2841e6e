/*
 * Merge tags with a fallback (docs/product/campaigns.md, "Merge tags"): `{{first_name|there}}` is the lead's first
 * name, or "there" when the lead has none (no value, or only blanks). The SMS counter (`sms-length.ts`) and the
 * renderer (domain `campaigns/render-message.ts`) read the fallback with the pattern below, and the step contract
 * refuses a fallback that could not work.
 *
 * No escaping: a fallback is up to 100 characters other than `{`, `}`, `|` and line breaks, so the first `|` starts it
 * and the first `}}` ends it. A tag whose fallback breaks that rule is no tag (it would be sent as typed), which the
 * step contract says with a clear message instead of letting it through.
 */

export const MERGE_TAG_FALLBACK_MAX = 100;

/** The fallback part of a tag, captured without its `|` (regex source, to be placed before the closing `}}`). */
export const MERGE_TAG_FALLBACK = `(?:\\|([^{}|\\r\\n]{0,${MERGE_TAG_FALLBACK_MAX}}))?`;

/** Our own URLs: Leadflow always fills them, so a fallback on them is a mistake. */
const NO_FALLBACK = new Set(["link", "unsubscribe_url"]);

// A tag that opens a fallback: whatever follows `|` is read up to the next `}}` (bounded, so no backtracking).
const OPENED = /\{\{([\p{L}\p{N}_-]{1,100})\|/gu;
const WHOLE = new RegExp(`\\{\\{[\\p{L}\\p{N}_-]{1,100}${MERGE_TAG_FALLBACK}\\}\\}`, "uy");

/** `value` when it holds more than blanks, else the fallback (absent or empty: the value as it is). */
export function withFallback(value: string, fallback: string | undefined): string {
  return fallback && value.trim() === "" ? fallback : value;
}

const shown = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/**
 * What is wrong with the fallbacks of a message, as sentences a person can act on; empty when nothing is. Only the
 * first problem of each tag is told, at most five in all.
 */
export function mergeTagProblems(text: string): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(OPENED)) {
    if (problems.length >= 5) break;
    const name = m[1]!;
    WHOLE.lastIndex = m.index;
    const whole = WHOLE.exec(text);
    if (!whole) {
      const end = text.indexOf("}}", m.index);
      const tag = end < 0 ? text.slice(m.index) : text.slice(m.index, end + 2);
      problems.push(
        `${shown(tag)} is not a tag Leadflow can fill: a fallback ends at the first }}, holds at most ${MERGE_TAG_FALLBACK_MAX} characters and cannot contain {, }, | or a line break.`,
      );
    } else if (NO_FALLBACK.has(name)) {
      problems.push(`{{${name}}} takes no fallback: Leadflow always fills it. Write {{${name}}}.`);
    } else if ((whole[1] ?? "").trim() === "") {
      problems.push(`The fallback of {{${name}|}} is empty: write what a lead without a ${name} sees, or remove the |.`);
    }
  }
  return problems;
}
