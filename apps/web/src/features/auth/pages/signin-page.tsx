import { useNavigate } from "react-router";
import { useT } from "../../../lib/i18n";
import { AuthHeading } from "../components/auth-heading";
import { SignInForm } from "../components/sign-in-form";

export function SignInPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <AuthHeading title={t("auth.signInTitle")} subtitle={t("auth.signInSubtitle")} />
      <SignInForm onSignedIn={(a) => navigate(`/u/${a.index}/`, { replace: true })} />
    </>
  );
}
