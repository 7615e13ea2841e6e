import MenuIcon from "@mui/icons-material/Menu";
import { Alert, Box, IconButton, Stack, Toolbar, useMediaQuery, useTheme } from "@mui/material";
import { BreadcrumbsView } from "../../components/breadcrumbs/breadcrumbs-view";
import { ContextMenuButton } from "../../components/context-menu/context-menu-view";
import { Logo } from "../../components/logo/logo";
import { ProcessesPopover } from "../../features/processes";
import type { LoggedAccount } from "../../lib/accounts";
import { HEADER_TICK_MS } from "../../lib/current-user";
import { useT } from "../../lib/i18n";
import { AccountMenu } from "./account-menu";
import { useUserHeartbeat } from "./use-user-heartbeat";

export const HEADER_HEIGHT = 64;

export function Header({ account, onOpenMenu }: { account: LoggedAccount; onOpenMenu: () => void }) {
  const t = useT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up("md"));
  const { user, failed, focused } = useUserHeartbeat(account);

  return (
    <Box
      component="header"
      sx={{
        position: "sticky",
        top: 0,
        zIndex: theme.zIndex.appBar,
        bgcolor: "rgba(255,255,255,0.92)",
        backdropFilter: "saturate(180%) blur(8px)",
        borderBottom: 1,
        borderColor: "divider",
      }}
    >
      <Toolbar sx={{ minHeight: `${HEADER_HEIGHT}px !important`, gap: 1, px: { xs: 1.5, md: 3 } }}>
        {!desktop && (
          <>
            <IconButton onClick={onOpenMenu} aria-label={t("nav.openMenu")} edge="start">
              <MenuIcon />
            </IconButton>
            <Box sx={{ display: { xs: "flex", sm: "none" } }}>
              <Logo size={28} compact />
            </Box>
          </>
        )}
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", alignItems: "center" }}>
          {failed ? (
            <Alert severity="error" sx={{ py: 0 }}>
              {t("header.userFetchError")}
            </Alert>
          ) : (
            <Box sx={{ display: { xs: "none", sm: "block" }, minWidth: 0 }}>
              <BreadcrumbsView />
            </Box>
          )}
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", flexShrink: 0 }}>
          {!desktop && <ContextMenuButton />}
          <ProcessesPopover pollMs={focused ? HEADER_TICK_MS : false} />
          <AccountMenu current={account} displayName={user?.name ?? account.name} />
        </Stack>
      </Toolbar>
      {!desktop && (
        <Box sx={{ display: { xs: "block", sm: "none" }, px: 2, pb: 1, mt: -0.5 }}>
          <BreadcrumbsView />
        </Box>
      )}
    </Box>
  );
}
