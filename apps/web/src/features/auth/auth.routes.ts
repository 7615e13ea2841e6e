import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";

/** The pages shown without an account, inside the app's sign-in layout. */
export const authRoutes: RouteObject[] = [
  { path: "signin", ...lazyPage(() => import("./pages/signin-page"), "SignInPage") },
  { path: "register", ...lazyPage(() => import("./pages/register-page"), "RegisterPage") },
  { path: "forgot-password", ...lazyPage(() => import("./pages/forgot-password-page"), "ForgotPasswordPage") },
  { path: "reset-password", ...lazyPage(() => import("./pages/reset-password-page"), "ResetPasswordPage") },
  { path: "add-account", ...lazyPage(() => import("./pages/add-account-page"), "AddAccountPage") },
  { path: "change-password", ...lazyPage(() => import("./pages/change-password-page"), "ChangePasswordPage") },
];
