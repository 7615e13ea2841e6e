import type { SignInResponse } from "@leadflow/contracts";
import { beforeEach, describe, expect, it } from "vitest";

// The store reads localStorage/sessionStorage and listens on window: a small in-memory stand-in is enough.
class MemoryStorage {
  private data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  clear() {
    this.data.clear();
  }
}
Object.assign(globalThis, {
  localStorage: new MemoryStorage(),
  sessionStorage: new MemoryStorage(),
  window: { addEventListener() {}, removeEventListener() {}, location: { pathname: "/" } },
});

const accounts = await import("./accounts");

const signIn = (id: number, expiresInMs = 3_600_000) =>
  ({
    access_token: `token-${id}`,
    expires_at: new Date(Date.now() + expiresInMs).toISOString(),
    user: { id, name: `User ${id}`, email: `u${id}@example.com` },
  }) as unknown as SignInResponse;

describe("logged accounts", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("gives each new account the lowest free index and keeps indexes stable", () => {
    expect(accounts.addAccount(signIn(10)).index).toBe(0);
    expect(accounts.addAccount(signIn(11)).index).toBe(1);
    expect(accounts.addAccount(signIn(12)).index).toBe(2);
    accounts.removeAccount(1);
    expect(accounts.getAccount(2)?.id).toBe(12);
    expect(accounts.addAccount(signIn(13)).index).toBe(1);
  });

  it("signing in again as the same user refreshes its token in place", () => {
    accounts.addAccount(signIn(10));
    accounts.addAccount(signIn(11));
    accounts.markAccountExpired(0);
    const again = accounts.addAccount({ ...signIn(10), access_token: "fresh" });
    expect(again.index).toBe(0);
    expect(accounts.getAccounts()).toHaveLength(2);
    expect(accounts.getAccount(0)).toMatchObject({ token: "fresh", isExpired: false });
  });

  it("treats a passed expiry or a 401 as expired", () => {
    const a = accounts.addAccount(signIn(10, -1000));
    expect(accounts.isAccountExpired(a)).toBe(true);
    const b = accounts.addAccount(signIn(11));
    expect(accounts.isAccountExpired(b)).toBe(false);
    accounts.markAccountExpired(b.index);
    expect(accounts.isAccountExpired(accounts.getAccount(b.index)!)).toBe(true);
    expect(accounts.firstActiveAccount()).toBeUndefined();
  });

  it("clearAccounts forgets everyone", () => {
    accounts.addAccount(signIn(10));
    accounts.addAccount(signIn(11));
    accounts.clearAccounts();
    expect(accounts.getAccounts()).toEqual([]);
  });

  it.each([
    ["/u/0/", 0],
    ["/u/3", 3],
    ["/u/12/sources/4", 12],
    ["/u/x/", null],
    ["/signin", null],
    ["/users/1", null],
  ])("currentIndexFromPath(%s) = %s", (path, expected) => {
    expect(accounts.currentIndexFromPath(path)).toBe(expected);
  });

  it("resolves the tab's account from the path, else the last one used", () => {
    accounts.addAccount(signIn(10));
    accounts.addAccount(signIn(11));
    expect(accounts.resolveTabAccount("/u/1/leads")?.id).toBe(11);
    expect(accounts.resolveTabAccount("/u/7/")).toBeUndefined();
    accounts.rememberIndex(0);
    expect(accounts.resolveTabAccount("/change-password")?.id).toBe(10);
  });
});
