import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Button } from "@mui/material";
import { Link, useNavigate, useSearchParams } from "react-router";
import { firstActiveAccount, lastUsedIndex } from "../../../lib/accounts";
import { useT } from "../../../lib/i18n";
import { AuthHeading } from "../components/auth-heading";
import { SignInForm } from "../components/sign-in-form";

/** Signs in one more account (no forgot-password link) and opens it under its own /u/{index}/. */
export function AddAccountPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get("email") ?? "";
  const next = params.get("next");
  const back = lastUsedIndex() ?? firstActiveAccount()?.index ?? 0;
  return (
    <>
      <Button component={Link} to={`/u/${back}/`} startIcon={<ArrowBackIcon />} size="small" color="inherit" sx={{ mb: 2, ml: -1 }}>
        {t("common.back")}
      </Button>
      <AuthHeading title={t("auth.addAccountTitle")} subtitle={t("auth.addAccountSubtitle")} />
      <SignInForm
        defaultEmail={email}
        showForgotLink={false}
        onSignedIn={(a) => {
          // Re-signing an expired account returns to the page it was on.
          const target = next?.startsWith(`/u/${a.index}/`) ? next : `/u/${a.index}/`;
          navigate(target, { replace: true });
        }}
      />
    </>
  );
}
