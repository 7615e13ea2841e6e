import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { type LoggedAccount, removeAccount, updateAccount } from "../../lib/accounts";
import { ApiError } from "../../lib/api-client";
import { currentUserQuery, HEADER_TICK_MS } from "../../lib/current-user";
import { setLanguage } from "../../lib/i18n";
import { useWindowFocus } from "../../lib/use-window-focus";

const LOGOUT_DELAY_MS = 2_000;

/**
 * The header's tick: GET /api/user every 5 s while the window has focus. On a failed fetch the header says
 * 'Error while fetching user name' (it reads `failed`), then the account is signed out and /signin follows 2 s later.
 * Network trouble and 5xx only pause the tick: they are not the user's session failing.
 */
export function useUserHeartbeat(account: LoggedAccount) {
  const focused = useWindowFocus();
  const navigate = useNavigate();
  const query = useQuery({ ...currentUserQuery(account.index, account.id), refetchInterval: focused ? HEADER_TICK_MS : false });
  const failedFor = useRef<string | null>(null);

  const user = query.data;
  useEffect(() => {
    if (!user) return;
    setLanguage(user.language);
    if (user.name !== account.name || user.email !== account.email) updateAccount(account.index, { name: user.name, email: user.email });
  }, [user, account.index, account.name, account.email]);

  const error = query.error;
  useEffect(() => {
    if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return;
    if (failedFor.current === account.token) return;
    failedFor.current = account.token;
    const timer = window.setTimeout(() => {
      // A 401 keeps the account listed as 'Not logged'; anything else removes it.
      if (error.status !== 401) removeAccount(account.index);
      navigate("/signin", { replace: true });
    }, LOGOUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [error, account.index, account.token, navigate]);

  return { user, failed: !!error, focused };
}
