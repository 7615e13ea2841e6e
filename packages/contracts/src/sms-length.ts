import { MERGE_TAG_FALLBACK } from "./merge-tags";

/*
 * SMS length counting, shared by the step editor, the cost preview and the dispatcher so the three
 * never disagree on a part count. Each part is charged as a separate message.
 *
 * Placeholders: `{{link}}`, `{{random:MIN-MAX}}` (e.g. `{{random:100-5000}}`; the product fixes the rule but not the
 * syntax), and any other `{{name}}` with a name of letters, digits, `_` or `-` (lead attributes, source, list …),
 * optionally with a fallback, `{{name|text}}` (`merge-tags.ts`): it counts as the longer of the value's bound and the
 * fallback.
 * Anything else in braces is plain text, whose `{` and `}` are GSM-7 extension characters.
 */

export const SmsEncodings = ["GSM-7", "UCS-2"] as const;
export type SmsEncoding = (typeof SmsEncodings)[number];

/** Per part: `single` when the message fits one SMS, `multi` when split (the concatenation header takes the rest). */
export const SmsPartLimits = {
  "GSM-7": { single: 160, multi: 153 },
  "UCS-2": { single: 70, multi: 67 },
} as const satisfies Record<SmsEncoding, { single: number; multi: number }>;

/** Used for `{{link}}` when no short domain is chosen: a deliberate overestimate, so a preview errs toward one part too many. */
export const SMS_DEFAULT_SHORT_DOMAIN_LENGTH = 20;

/**
 * What `{{link}}` adds to the short domain's length: `https://` (8), `/` (1) and the longest code (11). The product's
 * rule says "plus 9", which fits a link without a scheme and with 8-character codes; our links are
 * `https://{domain}/{code}` with 10–11 characters, so a preview counting 9 would show fewer parts than are sent.
 */
export const SMS_LINK_EXTRA_LENGTH = "https://".length + "/".length + 11;

export type SmsLengthOptions = {
  /** The short-URL domain's host (`go.acme.io`); its length sizes `{{link}}`. */
  shortDomain?: string | null;
  /** Expected length of other placeholders by name (`first_name: 8`); unlisted ones count as their own text. */
  placeholderLengths?: Readonly<Record<string, number>>;
  /** `false` for a rendered body, so a lead's value that looks like `{{link}}` counts as the text it is. */
  placeholders?: boolean;
};

export type SmsLength = {
  encoding: SmsEncoding;
  /** As charged: GSM-7 septets (extension characters 2) or UCS-2 code units (a surrogate pair 2). */
  characters: number;
  /** 0 for an empty message. */
  parts: number;
  perPart: number;
  remainingInPart: number;
  /** The distinct characters that forced UCS-2, in order of first appearance. */
  nonGsmCharacters: string[];
  /**
   * False when a placeholder makes the figures an upper bound ("up to N characters"): a lead's value or fallback, a
   * link (codes are 10 or 11 characters), a random number whose bounds differ in digits.
   */
  exact: boolean;
};

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "\f^{}\\[~]|€";
const gsmSeptets = new Map<number, number>([
  ...Array.from(GSM_BASIC, (c) => [c.charCodeAt(0), 1] as const),
  ...Array.from(GSM_EXTENSION, (c) => [c.charCodeAt(0), 2] as const),
]);

// Sticky and bounded, so it is tried only where `{{` starts and never backtracks beyond ~200 characters.
const PLACEHOLDER = new RegExp(`\\{\\{(?:random:(\\d{1,9})-(\\d{1,9})|([A-Za-z0-9_-]{1,64})${MERGE_TAG_FALLBACK})\\}\\}`, "y");

interface Walker {
  /** A placeholder: single characters that may split anywhere, `gsm` septets or `ucs` code units long. */
  span: (gsm: number, ucs: number) => void;
  /** A character: `gsm` septets (undefined outside GSM-7) or `ucs` code units that a split never cuts. */
  char: (gsm: number | undefined, ucs: number, char: string) => void;
  /** A placeholder whose size is a bound, not the figure. */
  bound: () => void;
}

/** A run of text as the counter charges it, and the characters in it that are outside GSM-7. */
function measure(text: string): { septets: number; units: number; nonGsm: string[] } {
  let septets = 0;
  let units = 0;
  const nonGsm: string[] = [];
  for (const c of text) {
    const g = gsmSeptets.get(c.charCodeAt(0));
    if (g === undefined) nonGsm.push(c);
    septets += g ?? 1;
    units += c.length;
  }
  return { septets, units, nonGsm };
}

/**
 * A message as a run of pieces: a placeholder is a span of single characters (digits, an ASCII link, an estimate)
 * that may split anywhere; a character is one piece that a split never cuts — neither an escape pair nor a surrogate
 * pair. A fallback's characters count toward the encoding: a lead that gets it gets them.
 */
function walk(text: string, options: SmsLengthOptions, w: Walker) {
  const domain = options.shortDomain ? options.shortDomain.length : SMS_DEFAULT_SHORT_DOMAIN_LENGTH;
  const estimates = options.placeholderLengths ?? {};
  for (let i = 0; i < text.length; ) {
    if (options.placeholders !== false && text.charCodeAt(i) === 123 && text.charCodeAt(i + 1) === 123) {
      PLACEHOLDER.lastIndex = i;
      const m = PLACEHOLDER.exec(text);
      if (m) {
        const [token, low, high, name = "", fallback] = m;
        const estimate = Object.hasOwn(estimates, name) ? estimates[name] : undefined;
        // A value's bound: the random number's longest, the link's longest, the given estimate, else the tag as typed.
        const bound =
          high !== undefined
            ? String(Math.max(Number(low), Number(high))).length
            : name === "link"
              ? domain + SMS_LINK_EXTRA_LENGTH
              : estimate !== undefined && Number.isFinite(estimate) && estimate >= 0
                ? Math.ceil(estimate)
                : fallback === undefined
                  ? token.length
                  : token.length - fallback.length - 1;
        const exact = high !== undefined && String(Number(low)).length === String(Number(high)).length;
        if (!exact) w.bound();
        const f = fallback ? measure(fallback) : { septets: 0, units: 0, nonGsm: [] };
        for (const c of f.nonGsm) w.char(undefined, 0, c);
        const [gsm, ucs] = [Math.max(bound, f.septets), Math.max(bound, f.units)];
        if (gsm > 0 || ucs > 0) w.span(gsm, ucs);
        i += token.length;
        continue;
      }
    }
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    w.char(gsmSeptets.get(code), pair, pair === 2 ? text.slice(i, i + 2) : text[i]!);
    i += pair;
  }
}

export function smsLength(text: string, options: SmsLengthOptions = {}): SmsLength {
  const nonGsm = new Set<string>();
  let septets = 0;
  let units = 0;
  let exact = true;
  walk(text, options, {
    span: (gsm, ucs) => {
      septets += gsm;
      units += ucs;
    },
    char: (gsm, ucs, char) => {
      if (gsm === undefined) nonGsm.add(char);
      septets += gsm ?? 0;
      units += ucs;
    },
    bound: () => {
      exact = false;
    },
  });
  // The product's rule also says a non-GSM character "counts double". The 70/67 limits already are 140 bytes of 2-byte
  // characters, so doubling again would bill a 70-character Unicode message as three parts where providers bill one.
  const encoding: SmsEncoding = nonGsm.size > 0 ? "UCS-2" : "GSM-7";
  const characters = encoding === "GSM-7" ? septets : units;
  const limits = SmsPartLimits[encoding];
  const nonGsmCharacters = [...nonGsm];
  if (characters <= limits.single) {
    const parts = characters === 0 ? 0 : 1;
    return { encoding, characters, parts, perPart: limits.single, remainingInPart: limits.single - characters, nonGsmCharacters, exact };
  }

  // Split as handsets and providers do: an indivisible piece that would straddle a boundary opens the next part.
  const perPart = limits.multi;
  let parts = 1;
  let used = 0;
  const add = (size: number) => {
    if (used + size > perPart) {
      parts += 1;
      used = size;
    } else used += size;
  };
  walk(text, options, {
    span: (gsm, ucs) => {
      const total = used + (encoding === "GSM-7" ? gsm : ucs);
      const more = Math.max(0, Math.ceil(total / perPart) - 1);
      parts += more;
      used = total - more * perPart;
    },
    char: (gsm, ucs) => {
      if (ucs > 0) add(encoding === "GSM-7" ? gsm! : ucs);
    },
    bound: () => {},
  });
  return { encoding, characters, parts, perPart, remainingInPart: perPart - used, nonGsmCharacters, exact };
}
