/*
 * What an inbound SMS reply asks for (docs/inbound.md): pure, so the webhook, the sandbox's simulated
 * reply and the tests read a text the same way. Order: the exact STOP, START and HELP sets, then fuzzy opt-outs,
 * then the team's keywords for the number, then a mistyped opt-out word, else an ordinary message.
 */

/** Whole-message opt-out words: the carriers' (CTIA) and the FCC's 2025 revocation words, plus unsub and remove. */
export const STOP_WORDS = [
  "stop",
  "stopall",
  "stop all",
  "unsubscribe",
  "unsub",
  "cancel",
  "end",
  "quit",
  "revoke",
  "optout",
  "opt out",
  "remove",
] as const;
/** Whole-message opt-back-in words. */
export const START_WORDS = ["start", "unstop", "yes"] as const;
/** Whole-message help words. */
export const HELP_WORDS = ["help", "info"] as const;

/** What the inbound handler does with a reply; `fuzzy_stop` suppresses like STOP and is flagged for review. */
export type ReplyIntent =
  | { kind: "stop" }
  | { kind: "start" }
  | { kind: "help" }
  /** `keyword` is the team's word as passed in, so the caller finds its keyword by it. */
  | { kind: "keyword"; keyword: string }
  /** `phrase` is the normalised words that made it an opt-out, for the reviewer. */
  | { kind: "fuzzy_stop"; phrase: string }
  | { kind: "message" };

// Apostrophes join ("don't" → "dont") so both spellings read alike; format characters (zero-width spaces, bidi
// marks pasted from elsewhere) and emoji variation selectors vanish; any other run of non-letters is one space.
// A Turkish keyboard's "İ" lower-cases to "i" plus a combining dot, which would turn "UNSUBSCRİBE" into a message.
const DOTTED_I = /i\u0307/g;
const APOSTROPHES = /['’‘ʼ`´′]/g;
const INVISIBLE = /[\p{Cf}\p{Variation_Selector}]/gu;
const NOT_WORD = /[^\p{L}\p{N}\p{Mn}\p{Mc}]+/gu;

/**
 * A reply as the sets and keywords see it: NFKC (full-width, ligatures), lower case, letters, digits and single
 * spaces only — "ＳＴＯＰ!!" and " Stop. " are "stop", "opt-out" is "opt out"; spaced letters stay apart ("s t o p").
 */
export function normalizeReply(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(DOTTED_I, "i")
    .replace(APOSTROPHES, "")
    .replace(INVISIBLE, "")
    .replace(NOT_WORD, " ")
    .trim();
}

/** A pattern that matches whole words of a normalised reply (only spaces separate them). */
const words = (source: string) => new RegExp(`(?<![^ ])(?:${source})(?![^ ])`);

/*
 * The fuzzy rule, for replies that are not exactly a STOP word. Carriers only honour exact words; these catch the
 * rest without reading "can't stop smiling", "I'll stop by", "bus stop", "when does it end" or "cancel my order?"
 * as an opt-out:
 * 1. the reply is STOP words (and "stop it") padded only with politeness, profanity and "who is this" —
 *    "stop please", "STOP STOP", "who is this stop", "fucking stop"; any other word makes it a message;
 * 2. or it holds an opt-out phrase — "wrong number", "remove me", "unsubscribe me" — not just after a negation
 *    ("don't unsubscribe me"); phrases people also say about themselves ("stop texting", "don't text") not after
 *    a first-person subject either ("I'll stop texting her", "I don't text much").
 */
const PROFANITY =
  "the fuck|the hell|f+u+c+k+(?:ing?)?|fuk|fck|fcking|effing|freaking|frigging|damn|dammit|goddamn|shit|wtf|ffs|omg|bitch|asshole";
const FILLERS =
  "please+|pl[sz]+|thanks?|thank you|thx|ty|ok|okay|now|right now|asap|already|again|just|and|no|yes|seriously|hey|hi|hello|sir|dude|bro";
const WHO = "who is this|whos this|who this|who dis|who are you";
const FILLER = new RegExp(words(`${FILLERS}|${WHO}|${PROFANITY}`).source, "g");
const ONLY_STOP_WORDS = new RegExp(`^(?:(?:${[...STOP_WORDS, "stop it"].join("|")})(?: |$))+$`);

const CONTACT = "texting|texts?|txt|txts|txting|messaging|messages?|msgs?|sms|sending|contacting|calling|spamming|spam|bothering|harassing";
const OPT_OUT_PHRASES = words(
  [
    "unsub|unsubscribe|unsubscribed|stopall|opt out|optout|opted out|opt me out",
    "wrong (?:number|num|person)",
    "(?:remove|delete) (?:me|my number|this number)",
    // "take me off your list", not "take me off speaker"
    "take (?:me|my number|this number) off(?:$| (?:[^ ]+ ){0,3}(?:lists?|texts|messages|contacts))",
    "lose my number",
    "leave me alone",
    `no more (?:${CONTACT})`,
    "cancel (?:my )?subscription",
    "(?:fuck|piss) off",
  ].join("|"),
);
const OPT_OUT_REQUESTS = words(
  `stop (?:(?:the|these|those|your|ur|all|${PROFANITY}) ){0,2}(?:${CONTACT})|(?:dont|do not) (?:text|txt|message|msg|contact|sms)`,
);
const NEGATED = /(?:^| )(?:not|never|dont|doesnt|didnt|cant|cannot|wont|wouldnt|shouldnt|couldnt|aint|isnt|wasnt)(?: [^ ]+){0,2}$/;
const FIRST_PERSON =
  /(?:^| )(?:i|ill|im|ive|we|weve)(?: (?:will|would|can|could|should|must|might|may|gonna|wanna|going to|want to|have to|had to|need to|just|never|always|usually|also|really|do|did|am))*$/;

function phraseMatch(text: string, pattern: RegExp, aboutSelf: boolean): string | null {
  const m = pattern.exec(text);
  if (!m) return null;
  const before = text.slice(0, m.index).trimEnd();
  return NEGATED.test(before) || (aboutSelf && FIRST_PERSON.test(before)) ? null : m[0];
}

function fuzzyOptOut(text: string): string | null {
  const core = text.replace(FILLER, " ").replace(/ +/g, " ").trim();
  if (core !== "" && ONLY_STOP_WORDS.test(core)) return core;
  return phraseMatch(text, OPT_OUT_PHRASES, false) ?? phraseMatch(text, OPT_OUT_REQUESTS, true);
}

/*
 * The one-edit rule: a reply of one word that is a single typo — a letter added, dropped or changed, or two
 * neighbours swapped (Damerau-Levenshtein distance 1) — away from one of these is an opt-out too: "stopp", "stp",
 * "sotp", "st0p", "unsubscibe", "cancle". Only the three long or common opt-out words: one edit from END or QUIT
 * ("and", "send", "quite") is ordinary talk. Inflections count ("stops", "cancels", "unsubscribed"): said alone they
 * are the same request.
 */
const TYPO_TARGETS = ["stop", "unsubscribe", "cancel"] as const;
/**
 * Real words one edit from a target that a person sends meaning the word itself (a shop, a step, "cancer"). Rare
 * dictionary words ("sop", "stoa", "strop", "chancel") are far likelier a STOP or CANCEL mistyped, so they opt out.
 */
export const NOT_TYPOS = ["top", "atop", "shop", "slop", "step", "stow", "stoop", "stomp", "cancer"] as const;
const NEAR_WORDS = new Set<string>(NOT_TYPOS);

/** Damerau-Levenshtein distance exactly 1 (one insertion, deletion, substitution or adjacent transposition). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}

function typoOptOut(reply: string): boolean {
  if (reply.includes(" ") || NEAR_WORDS.has(reply)) return false;
  return TYPO_TARGETS.some((target) => oneEditApart(reply, target));
}

const STOP = new Set<string>(STOP_WORDS);
const START = new Set<string>(START_WORDS);
const HELP = new Set<string>(HELP_WORDS);

/**
 * Reads an inbound reply. STOP, START and HELP are the whole normalised message equal to a word of their set (the
 * carriers' rule: "stop by tomorrow?" is not STOP). Fuzzy opt-outs come before the team's keywords, so neither
 * a keyword nor a near-miss of one can answer someone who asked to be left alone. A keyword also matches the
 * whole message, both sides normalised ("DEALS" matches "deals!", not "no deals"). A mistyped STOP, UNSUBSCRIBE or
 * CANCEL is read last: a team that made "STOPS" or "SHOP" its keyword chose that word, and its keyword answers it.
 */
export function replyIntent(text: string, keywords: readonly string[] = []): ReplyIntent {
  const reply = normalizeReply(text);
  if (reply === "") return { kind: "message" };
  if (STOP.has(reply)) return { kind: "stop" };
  if (START.has(reply)) return { kind: "start" };
  if (HELP.has(reply)) return { kind: "help" };
  const phrase = fuzzyOptOut(reply);
  if (phrase !== null) return { kind: "fuzzy_stop", phrase };
  const keyword = keywords.find((k) => normalizeReply(k) === reply);
  if (keyword !== undefined) return { kind: "keyword", keyword };
  return typoOptOut(reply) ? { kind: "fuzzy_stop", phrase: reply } : { kind: "message" };
}
