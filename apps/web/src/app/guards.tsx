import { type ReactNode, useRef } from "react";
import { Navigate, useLocation, useParams } from "react-router";
import { firstActiveAccount, isAccountExpired, rememberIndex, useAccounts } from "../lib/accounts";

/** Auth pages: a visitor already signed in goes to their first account. */
export function GuestOnly({ children }: { children: ReactNode }) {
  useAccounts();
  const active = firstActiveAccount();
  if (active) return <Navigate to={`/u/${active.index}/`} replace />;
  return <>{children}</>;
}

/** Pages outside /u/{index}/ that still need someone signed in (add-account, change-password). */
export function RequireAnyAccount({ children }: { children: ReactNode }) {
  const accounts = useAccounts();
  if (!accounts.some((a) => !isAccountExpired(a))) return <Navigate to="/signin" replace />;
  return <>{children}</>;
}

/** `/u/{index}/…`: the index must be a signed-in, unexpired account of this browser. */
export function RequireAccount({ children }: { children: ReactNode }) {
  const accounts = useAccounts();
  const { index } = useParams();
  const location = useLocation();
  const i = Number(index);
  const account = Number.isInteger(i) ? accounts.find((a) => a.index === i) : undefined;
  // An account that expires while its page is open stays until the header has said so and signed it out.
  const granted = useRef<string | null>(null);
  if (account && !isAccountExpired(account)) granted.current = `${account.index}:${account.token}`;
  const stillGranted = !!account && granted.current === `${account.index}:${account.token}`;
  if (!account) {
    const other = accounts.find((a) => !isAccountExpired(a));
    return <Navigate to={other ? `/u/${other.index}/` : "/signin"} replace />;
  }
  if (isAccountExpired(account) && !stillGranted) {
    const others = accounts.some((a) => !isAccountExpired(a));
    const back = encodeURIComponent(location.pathname);
    return <Navigate to={others ? `/add-account?email=${encodeURIComponent(account.email)}&next=${back}` : "/signin"} replace />;
  }
  rememberIndex(account.index);
  return <>{children}</>;
}
