/*
 * Pre-send checks of an SMS step's text (docs/product/campaigns.md, "Pre-send checks"): what carriers filter and what
 * the CTIA guidelines ask of a first message. They warn; they never block a save. The step editor runs them as the
 * user types, so they live here, beside the counter, with no I/O.
 *
 * A warning the user acknowledges is stored with the step by its key, which names what the check found (the
 * shortener's host, the words): the same finding stays quiet, a new one warns again.
 */

export const MessageCheckIds = ["opt_out", "brand", "shortener", "shaft", "caps", "emoji"] as const;
export type MessageCheckId = (typeof MessageCheckIds)[number];

export interface MessageCheck {
  id: MessageCheckId;
  /** What an acknowledgement stores: the check and what it found. */
  key: string;
  message: string;
}

export interface MessageCheckInput {
  message: string;
  /** The campaign's first message (its first step, or a part of a first split): it must say how to opt out and who texts. */
  first: boolean;
  /** The team's brand (Settings → Keywords → "Opt-out and help answers", else the team's name). */
  brand?: string | null;
}

/** Acknowledgements a step keeps: one per finding, bounded so a hostile body cannot grow a step. */
export const ACKNOWLEDGED_CHECKS_MAX = 20;
export const ACKNOWLEDGED_CHECK_KEY_MAX = 200;

/** The carriers' opt-out words (CTIA): the inbound STOP set's words a person would write in an instruction. */
const OPT_OUT_WORDS = "stop|stopall|unsubscribe|end|quit|cancel|optout|opt-out|opt out|revoke";
const OPT_OUT = [
  // "STOP", "Text END": a keyword in capitals is an instruction.
  /(?<![\p{L}\p{N}])(?:STOP|STOPALL|UNSUBSCRIBE|END|QUIT|CANCEL|OPTOUT|REVOKE)(?![\p{L}\p{N}])/u,
  // "reply stop to …", "text quit": any case after reply/text/send.
  new RegExp(`\\b(?:reply|respond|text|txt|send)\\b[^.!?\\n]{0,24}?\\b(?:${OPT_OUT_WORDS})\\b`, "iu"),
  // "to opt out", "unsubscribe": the words themselves.
  /\b(?:opt[\s-]?out|unsubscribe)\b/iu,
];

/** Public shorteners carriers filter; the team's own short domain (`{{link}}`) is the way to shorten. */
export const PUBLIC_SHORTENERS = [
  "bit.ly",
  "bitly.com",
  "tinyurl.com",
  "t.co",
  "goo.gl",
  "ow.ly",
  "is.gd",
  "buff.ly",
  "rebrand.ly",
  "cutt.ly",
  "shorturl.at",
  "tiny.cc",
  "rb.gy",
  "t.ly",
  "bl.ink",
  "v.gd",
  "lnkd.in",
  "s.id",
  "shorte.st",
  "adf.ly",
  "tr.im",
  "x.co",
  "su.pr",
  "mcaf.ee",
] as const;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const SHORTENER = new RegExp(
  `(?<![\\p{L}\\p{N}_.@/-])(?:https?:\\/\\/)?(?:www\\.)?(${PUBLIC_SHORTENERS.map(escapeRe).join("|")})(?![\\p{L}\\p{N}_-]|\\.[\\p{L}\\p{N}])`,
  "giu",
);

/**
 * SHAFT words (sex, hate, alcohol, firearms, tobacco — and cannabis, which carriers filter alike): a short list of
 * whole words, so "Essex", "whatever" or "begun" never match.
 */
const SHAFT_WORDS = [
  "sex",
  "sexy",
  "sexual",
  "porn",
  "porno",
  "nude",
  "nudes",
  "xxx",
  "escort",
  "escorts",
  "hate",
  "alcohol",
  "alcoholic",
  "liquor",
  "vodka",
  "whiskey",
  "whisky",
  "tequila",
  "booze",
  "beer",
  "beers",
  "firearm",
  "firearms",
  "gun",
  "guns",
  "ammo",
  "ammunition",
  "rifle",
  "rifles",
  "handgun",
  "handguns",
  "tobacco",
  "cigarette",
  "cigarettes",
  "cigar",
  "cigars",
  "vape",
  "vapes",
  "vaping",
  "nicotine",
  "cannabis",
  "marijuana",
  "cbd",
  "thc",
] as const;
const SHAFT = new RegExp(`(?<![\\p{L}\\p{N}_'-])(${SHAFT_WORDS.join("|")})(?![\\p{L}\\p{N}_-])`, "giu");

/** Tags, our link placeholders and web addresses say nothing about tone: left out of the caps and emoji reading. */
const NOT_PROSE = /\{\{[^{}]*\}\}|https?:\/\/\S+/g;
/** Opt-out keywords are written in capitals on purpose. */
const KEYWORDS = /(?<![\p{L}\p{N}])(?:STOP|STOPALL|UNSUBSCRIBE|END|QUIT|CANCEL|OPTOUT|HELP|INFO|START|YES|NO)(?![\p{L}\p{N}])/gu;
const CAPS_MIN_LETTERS = 12;
const CAPS_SHARE = 0.6;
const EMOJI = /\p{Extended_Pictographic}/gu;
const EMOJI_MAX = 2;

const list = (words: string[]) => words.map((w) => `"${w}"`).join(", ");
const distinct = (found: Iterable<string>) => [...new Set([...found].map((w) => w.toLowerCase()))].sort();

function hasOptOut(message: string): boolean {
  return OPT_OUT.some((re) => re.test(message));
}

function hasBrand(message: string, brand: string): boolean {
  const words = brand.trim().toLowerCase().replace(/\s+/g, " ");
  return words === "" || message.toLowerCase().replace(/\s+/g, " ").includes(words);
}

/** The warnings for a message, in the order the editor shows them. */
export function messageChecks({ message, first, brand }: MessageCheckInput): MessageCheck[] {
  const checks: MessageCheck[] = [];
  if (message.trim() === "") return checks;
  if (first && !hasOptOut(message))
    checks.push({
      id: "opt_out",
      key: "opt_out",
      message: 'The first message does not say how to opt out. Add "Reply STOP to opt out" (or UNSUBSCRIBE, END, QUIT, CANCEL).',
    });
  const b = brand?.trim();
  if (first && b && !hasBrand(message, b))
    checks.push({
      id: "brand",
      key: `brand:${b.toLowerCase()}`.slice(0, ACKNOWLEDGED_CHECK_KEY_MAX),
      message: `The first message does not name your brand, "${b}": carriers expect the first text to say who is texting.`,
    });
  const hosts = distinct(Array.from(message.matchAll(SHORTENER), (m) => m[1]!));
  if (hosts.length)
    checks.push({
      id: "shortener",
      key: `shortener:${hosts.join(",")}`.slice(0, ACKNOWLEDGED_CHECK_KEY_MAX),
      message: `${list(hosts)} ${hosts.length === 1 ? "is a public link shortener" : "are public link shorteners"}: carriers filter them. Use {{link}}, which shortens on your own short domain.`,
    });
  const words = distinct(Array.from(message.matchAll(SHAFT), (m) => m[1]!));
  if (words.length)
    checks.push({
      id: "shaft",
      key: `shaft:${words.join(",")}`.slice(0, ACKNOWLEDGED_CHECK_KEY_MAX),
      message: `${list(words)}: carriers filter texts about sex, hate, alcohol, firearms, tobacco and cannabis.`,
    });
  const prose = message.replace(NOT_PROSE, " ").replace(KEYWORDS, " ");
  const upper = (prose.match(/\p{Lu}/gu) ?? []).length;
  const cased = upper + (prose.match(/\p{Ll}/gu) ?? []).length;
  if (cased >= CAPS_MIN_LETTERS && upper / cased >= CAPS_SHARE)
    checks.push({
      id: "caps",
      key: "caps",
      message: "Most of the message is in capitals, which reads as spam to people and to carriers' filters.",
    });
  const emoji = (prose.match(EMOJI) ?? []).length;
  if (emoji > EMOJI_MAX)
    checks.push({
      id: "emoji",
      key: "emoji",
      message: `${emoji} emoji make the message look like spam, and any emoji sends it as Unicode: 70 characters a part instead of 160.`,
    });
  return checks;
}

/** The warnings still to show: those whose finding was not acknowledged. */
export function unacknowledgedChecks(checks: readonly MessageCheck[], acknowledged: readonly string[] | null | undefined): MessageCheck[] {
  const done = new Set(acknowledged ?? []);
  return checks.filter((c) => !done.has(c.key));
}
