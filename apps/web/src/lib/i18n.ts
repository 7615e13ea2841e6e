import { useCallback, useSyncExternalStore } from "react";

/**
 * app/ declares its merged English dictionary here (`interface Register { messages: typeof en }`), so lib names no
 * feature and a key that is not in the dictionary is still a type error.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in app/i18n
export interface Register {}

type Dictionary = Register extends { messages: infer M } ? M : Record<string, string>;
export type MessageKey = keyof Dictionary & string;
/** A key `k` with `k.one` and `k.other` texts, for `tn`. */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer Base}.other` ? (`${Base}.one` extends MessageKey ? Base : never) : never;
}[MessageKey];
export type Messages = Readonly<Record<MessageKey, string>>;
/** `P` when some key starts with `P.`, else never. */
type KeyPrefix<P extends string> = [Extract<MessageKey, `${P}.${string}`>] extends [never] ? never : P;
type Vars = Record<string, string | number>;

/** English is complete; another language may leave keys out, which fall back to English, then to the key. */
const dictionaries: Record<string, Partial<Messages>> = {};
const FALLBACK = "en";

const LANGUAGE_KEY = "leadflow.language";
const listeners = new Set<() => void>();

function storedLanguage(): string {
  try {
    return localStorage.getItem(LANGUAGE_KEY) ?? FALLBACK;
  } catch {
    return FALLBACK;
  }
}

let language = typeof window === "undefined" ? FALLBACK : storedLanguage();

/** Called once at start (and by the tests' setup) with each language's texts. */
export function registerMessages(lang: string, messages: Partial<Messages>) {
  dictionaries[lang] = messages;
}

export function getLanguage(): string {
  return language in dictionaries ? language : FALLBACK;
}

/** Called with the signed-in user's `language` setting; unknown languages stay on English. */
export function setLanguage(next: string | null | undefined) {
  const lang = next && next in dictionaries ? next : FALLBACK;
  if (lang === getLanguage()) return;
  language = lang;
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    /* not persisted; still applies to this tab */
  }
  document.documentElement.lang = lang;
  for (const l of listeners) l();
}

function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** `t("common.deleteConfirm", { thing: "Web" })` → "Do you want to delete Web?" */
export function t(key: MessageKey, vars?: Vars): string {
  const text = dictionaries[getLanguage()]?.[key] ?? dictionaries[FALLBACK]?.[key] ?? key;
  return interpolate(text, vars);
}

/**
 * `dataKey("exports.status", file.status)`: a key that ends in a value from data (a status code, a field name). The
 * prefix is checked here; a value with no text shows the key, as any missing text does.
 */
export function dataKey<P extends string>(prefix: P & KeyPrefix<P>, value: string | number): MessageKey {
  return `${prefix}.${value}` as MessageKey;
}

/** Plural helper: picks `key.one` for 1 and `key.other` otherwise, with `{count}` available. */
export function tn(key: PluralKey, count: number, vars?: Vars): string {
  return t(`${key}.${count === 1 ? "one" : "other"}` as MessageKey, { count, ...vars });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** `t` bound to the current language; components re-render when the language changes. */
export function useT(): typeof t {
  const lang = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language makes memoised children re-render
  return useCallback((key: MessageKey, vars?: Vars) => t(key, vars), [lang]);
}
