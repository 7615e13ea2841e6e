import { createContext, type ReactNode, use, useContext } from "react";
import { UNSAFE_LocationContext } from "react-router";
import { currentIndexFromPath, resolveTabAccount } from "./accounts";

/** The signed-in account a screen acts for: the `{index}` of `/u/{index}/` and its paths. */
export interface AccountContextValue {
  index: number;
  /** `path("sources/3")` → `/u/{index}/sources/3`; a full `/u/…` path is kept as is. */
  path: (p: string) => string;
}

const AccountContext = createContext<AccountContextValue | null>(null);

function accountPath(index: number, p: string): string {
  return p.startsWith("/u/") ? p : `/u/${index}/${p.replace(/^\/+/, "")}`;
}

// One value per index, so `path` keeps its identity across renders and hooks may list it as a dependency.
const values = new Map<number, AccountContextValue>();
function accountValue(index: number): AccountContextValue {
  let value = values.get(index);
  if (!value) values.set(index, (value = { index, path: (p) => accountPath(index, p) }));
  return value;
}

/** Given once, by the `/u/{index}/` layout route, for every screen under it. */
export function AccountProvider({ index, children }: { index: number; children: ReactNode }) {
  return <AccountContext value={accountValue(index)}>{children}</AccountContext>;
}

/**
 * The account of the layout above; outside it (pages beside `/u/…`, a component rendered on its own) the account
 * the location names, else the one this tab used last. Only that fallback follows the location: under the layout a
 * navigation within the account re-renders nobody for this.
 */
export function useAccount(): AccountContextValue {
  const provided = useContext(AccountContext);
  if (provided) return provided;
  // `use` may be called conditionally: whether a provider stands above a component never changes while it is mounted.
  const pathname = use(UNSAFE_LocationContext)?.location.pathname ?? window.location.pathname;
  return accountValue(currentIndexFromPath(pathname) ?? resolveTabAccount(pathname)?.index ?? 0);
}

/** `p("sources/3")` → `/u/{index}/sources/3` for the account of this screen. */
export function useAccountPath(): (p: string) => string {
  return useAccount().path;
}
