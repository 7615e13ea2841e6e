import { useCallback, useSyncExternalStore } from "react";
import { en } from "./i18n/en";

/** Every dictionary has the English keys; a missing translation falls back to English, then to the key. */
const dictionaries: Record<string, Record<string, string>> = { en };
export const supportedLanguages = Object.keys(dictionaries);

const LANGUAGE_KEY = "leadflow.language";
const listeners = new Set<() => void>();

function storedLanguage(): string {
  try {
    const v = localStorage.getItem(LANGUAGE_KEY);
    return v && v in dictionaries ? v : "en";
  } catch {
    return "en";
  }
}

let language = typeof window === "undefined" ? "en" : storedLanguage();

export function getLanguage(): string {
  return language;
}

/** Called with the signed-in user's `language` setting; unknown languages stay on English. */
export function setLanguage(next: string | null | undefined) {
  const lang = next && next in dictionaries ? next : "en";
  if (lang === language) return;
  language = lang;
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    /* not persisted; still applies to this tab */
  }
  document.documentElement.lang = lang;
  for (const l of listeners) l();
}

function interpolate(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** `t("common.deleteConfirm", { thing: "Web" })` → "Do you want to delete Web?" */
export function t(key: string, vars?: Record<string, string | number>): string {
  const text = dictionaries[language]?.[key] ?? en[key] ?? key;
  return interpolate(text, vars);
}

/** Plural helper: picks `key.one` for 1 and `key.other` otherwise, with `{count}` available. */
export function tn(key: string, count: number, vars?: Record<string, string | number>): string {
  return t(`${key}.${count === 1 ? "one" : "other"}`, { count, ...vars });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** `t` bound to the current language; components re-render when the language changes. */
export function useT(): typeof t {
  const lang = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language makes memoised children re-render
  return useCallback((key: string, vars?: Record<string, string | number>) => t(key, vars), [lang]);
}
