import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";

/**
 * The pages shown without an account, inside the app's sign-in layout, by who may see them: the router puts each
 * group behind its guard, so a page never reaches up for one.
 */
export const authRoutes: Record<"guest" | "anyone" | "signedIn", RouteObject[]> = {
  /** A visitor already signed in goes to their first account instead. */
  guest: [
    { path: "signin", ...lazyPage(() => import("./pages/signin-page"), "SignInPage") },
    { path: "register", ...lazyPage(() => import("./pages/register-page"), "RegisterPage") },
    { path: "forgot-password", ...lazyPage(() => import("./pages/forgot-password-page"), "ForgotPasswordPage") },
  ],
  anyone: [{ path: "reset-password", ...lazyPage(() => import("./pages/reset-password-page"), "ResetPasswordPage") }],
  /** Outside /u/{index}/ but for someone signed in to at least one account. */
  signedIn: [
    { path: "add-account", ...lazyPage(() => import("./pages/add-account-page"), "AddAccountPage") },
    { path: "change-password", ...lazyPage(() => import("./pages/change-password-page"), "ChangePasswordPage") },
  ],
};
