import type { SignInResponse } from "@leadflow/contracts";
import { useMemo, useSyncExternalStore } from "react";
import { useLocation } from "react-router";

/** One signed-in account of this browser. `index` is stable: it is the `{index}` of `/u/{index}/` URLs. */
export interface LoggedAccount {
  token: string;
  id: number;
  index: number;
  name: string;
  email: string;
  isExpired: boolean;
  expires_at: string;
}

const STORAGE_KEY = "leadflow.accounts";
const LAST_INDEX_KEY = "leadflow.lastIndex";
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: LoggedAccount[] = [];

function read(): LoggedAccount[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORAGE_KEY);
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as LoggedAccount[]) : [];
    cached = Array.isArray(parsed) ? parsed.filter((a) => a && typeof a.token === "string" && Number.isInteger(a.index)) : [];
  } catch {
    cached = [];
  }
  return cached;
}

function write(accounts: LoggedAccount[]) {
  const sorted = [...accounts].sort((a, b) => a.index - b.index);
  localStorage.setItem(STORAGE_KEY, JSON.stringify(sorted));
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Expired when the server said so (a 401) or when the token's expiry has passed. */
export function isAccountExpired(a: LoggedAccount): boolean {
  return a.isExpired || (!!a.expires_at && Date.parse(a.expires_at) <= Date.now());
}

export function getAccounts(): LoggedAccount[] {
  return read();
}

export function getAccount(index: number): LoggedAccount | undefined {
  return read().find((a) => a.index === index);
}

/** Adds (or refreshes, for a user already signed in here) an account; returns it with its index. */
export function addAccount(res: Pick<SignInResponse, "access_token" | "expires_at" | "user">): LoggedAccount {
  const accounts = read();
  const existing = accounts.find((a) => a.id === res.user.id);
  let index = existing?.index ?? 0;
  if (!existing) while (accounts.some((a) => a.index === index)) index++;
  const account: LoggedAccount = {
    token: res.access_token,
    id: res.user.id,
    index,
    name: res.user.name,
    email: res.user.email,
    isExpired: false,
    expires_at: res.expires_at,
  };
  write([...accounts.filter((a) => a.index !== index), account]);
  rememberIndex(index);
  return account;
}

export function updateAccount(index: number, patch: Partial<Omit<LoggedAccount, "index">>) {
  const accounts = read();
  if (!accounts.some((a) => a.index === index)) return;
  write(accounts.map((a) => (a.index === index ? { ...a, ...patch } : a)));
}

export function markAccountExpired(index: number) {
  const a = getAccount(index);
  if (a && !a.isExpired) updateAccount(index, { isExpired: true });
}

export function removeAccount(index: number) {
  write(read().filter((a) => a.index !== index));
}

export function clearAccounts() {
  write([]);
}

/** The `{index}` of the `/u/{index}/` this tab is on, or null outside the logged-in area. */
export function currentIndexFromPath(pathname: string = window.location.pathname): number | null {
  const m = /^\/u\/(\d+)(?:\/|$)/.exec(pathname);
  return m ? Number(m[1]) : null;
}

/** Pages outside `/u/{index}/` (change-password) act for the account this tab used last. */
export function rememberIndex(index: number) {
  try {
    sessionStorage.setItem(LAST_INDEX_KEY, String(index));
  } catch {
    /* storage may be unavailable (private mode); the first account is then used */
  }
}

export function lastUsedIndex(): number | null {
  try {
    const v = sessionStorage.getItem(LAST_INDEX_KEY);
    return v === null ? null : Number(v);
  } catch {
    return null;
  }
}

/** The account a request from this tab acts for. */
export function resolveTabAccount(pathname: string = window.location.pathname): LoggedAccount | undefined {
  const accounts = read();
  const fromPath = currentIndexFromPath(pathname);
  if (fromPath !== null) return accounts.find((a) => a.index === fromPath);
  const last = lastUsedIndex();
  const remembered = last === null ? undefined : accounts.find((a) => a.index === last);
  return remembered ?? accounts.find((a) => !isAccountExpired(a)) ?? accounts[0];
}

/** The first account still signed in: where a logged-in visitor of an auth page goes. */
export function firstActiveAccount(): LoggedAccount | undefined {
  return read().find((a) => !isAccountExpired(a));
}

export function useAccounts(): LoggedAccount[] {
  return useSyncExternalStore(subscribe, read, read);
}

/** The account of this tab (from `/u/{index}/`, else the last used one). */
export function useCurrentAccount(): LoggedAccount | undefined {
  const accounts = useAccounts();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: resolveTabAccount reads the store that `accounts` mirrors
  return useMemo(() => resolveTabAccount(pathname), [accounts, pathname]);
}
