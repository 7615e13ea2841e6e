import BoltIcon from "@mui/icons-material/Bolt";
import FactCheckIcon from "@mui/icons-material/FactCheckOutlined";
import UploadFileIcon from "@mui/icons-material/UploadFileOutlined";
import { Box, Paper, Stack, Tab, Tabs, Typography } from "@mui/material";
import { Link, Outlet, useLocation } from "react-router";
import { Logo } from "../../components/logo/logo";
import { useT } from "../../lib/i18n";

const TAB_PATHS = ["/signin", "/register"] as const;

/** Logged-out pages: the brand panel on wide screens, the Login/Register tabs and the form card. */
export function AuthLayout() {
  const t = useT();
  const { pathname } = useLocation();
  const tab = TAB_PATHS.find((p) => pathname === p);
  const showTabs = pathname !== "/change-password" && pathname !== "/add-account";
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", bgcolor: "background.default" }}>
      <BrandPanel />
      <Box
        sx={{
          flex: 1,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: { xs: "flex-start", sm: "center" },
          px: 2,
          py: { xs: 3, sm: 6 },
        }}
      >
        <Box sx={{ display: { xs: "block", lg: "none" }, mb: 3 }}>
          <Logo size={34} />
        </Box>
        <Paper variant="outlined" sx={{ width: "100%", maxWidth: 440, p: { xs: 2.5, sm: 4 }, boxShadow: "0 8px 30px rgba(17,24,39,0.06)" }}>
          {showTabs && (
            <Tabs value={tab ?? false} variant="fullWidth" sx={{ mb: 3, borderBottom: 1, borderColor: "divider" }}>
              <Tab label={t("auth.login")} value="/signin" component={Link} to="/signin" />
              <Tab label={t("auth.register")} value="/register" component={Link} to="/register" />
            </Tabs>
          )}
          <Outlet />
        </Paper>
        <Typography variant="caption" color="text.secondary" sx={{ mt: 3 }}>
          © {new Date().getFullYear()} {t("app.name")}
        </Typography>
      </Box>
    </Box>
  );
}

function BrandPanel() {
  const t = useT();
  const points = [
    { icon: <UploadFileIcon />, title: t("brand.point1Title"), text: t("brand.point1Text") },
    { icon: <FactCheckIcon />, title: t("brand.point2Title"), text: t("brand.point2Text") },
    { icon: <BoltIcon />, title: t("brand.point3Title"), text: t("brand.point3Text") },
  ];
  return (
    <Box
      sx={{
        display: { xs: "none", lg: "flex" },
        width: "42%",
        maxWidth: 620,
        flexDirection: "column",
        justifyContent: "space-between",
        p: 6,
        color: "#fff",
        background: "radial-gradient(circle at 20% 10%, #5b6cf0 0%, #3442c9 45%, #1f2a8f 100%)",
      }}
    >
      <Logo size={34} inverse />
      <Box>
        <Typography variant="h4" sx={{ color: "#fff", mb: 1.5, fontSize: "2rem" }}>
          {t("brand.headline")}
        </Typography>
        <Typography sx={{ opacity: 0.8, mb: 5, maxWidth: 440 }}>{t("brand.lead")}</Typography>
        <Stack spacing={3}>
          {points.map((p) => (
            <Stack key={p.title} direction="row" spacing={2} sx={{ alignItems: "flex-start" }}>
              <Box sx={{ p: 1, borderRadius: 2, bgcolor: "rgba(255,255,255,0.14)", display: "flex" }}>{p.icon}</Box>
              <Box>
                <Typography sx={{ fontWeight: 700 }}>{p.title}</Typography>
                <Typography variant="body2" sx={{ opacity: 0.78 }}>
                  {p.text}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Stack>
      </Box>
      <Typography variant="caption" sx={{ opacity: 0.6 }}>
        {t("brand.footer")}
      </Typography>
    </Box>
  );
}
