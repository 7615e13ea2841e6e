import { Box, Drawer, LinearProgress, useMediaQuery, useTheme } from "@mui/material";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet, useNavigation } from "react-router";
import { useContextMenuSlotClaimed } from "../../components/context-menu/context-menu";
import { ContextMenuToolbar } from "../../components/context-menu/context-menu-view";
import { AccountProvider } from "../../lib/account-context";
import { useCurrentAccount } from "../../lib/accounts";
import { RequireAccount } from "../guards";
import { LiveProvider } from "../live-provider";
import { accountQueryClient } from "../query-client";
import { Header } from "./header";
import { MainMenu, MENU_MINI_WIDTH, MENU_WIDTH } from "./main-menu";

const MINI_KEY = "leadflow.menuMini";

export function AppLayout() {
  return (
    <RequireAccount>
      <AccountShell />
    </RequireAccount>
  );
}

function AccountShell() {
  const account = useCurrentAccount();
  if (!account) return null;
  return (
    <AccountProvider index={account.index}>
      <QueryClientProvider client={accountQueryClient(account.index, account.id)}>
        <LiveProvider account={account}>
          <Shell />
        </LiveProvider>
      </QueryClientProvider>
    </AccountProvider>
  );
}

function Shell() {
  const account = useCurrentAccount()!;
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up("md"));
  const navigation = useNavigation();
  const menuClaimed = useContextMenuSlotClaimed();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mini, setMini] = useState(() => localStorage.getItem(MINI_KEY) === "1");
  const toggleMini = () =>
    setMini((m) => {
      localStorage.setItem(MINI_KEY, m ? "0" : "1");
      return !m;
    });
  const width = mini ? MENU_MINI_WIDTH : MENU_WIDTH;

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      {desktop ? (
        <Box sx={{ width, flexShrink: 0, transition: "width 160ms ease" }}>
          <Box sx={{ position: "fixed", top: 0, bottom: 0, left: 0, width, transition: "width 160ms ease", zIndex: theme.zIndex.drawer }}>
            <MainMenu mini={mini} onToggleMini={toggleMini} />
          </Box>
        </Box>
      ) : (
        <Drawer open={mobileOpen} onClose={() => setMobileOpen(false)} slotProps={{ paper: { sx: { width: MENU_WIDTH, border: 0 } } }}>
          <MainMenu onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        {navigation.state === "loading" && (
          <LinearProgress
            sx={{ position: "fixed", top: 0, left: 0, right: 0, zIndex: theme.zIndex.appBar + 1, borderRadius: 0, height: 3 }}
          />
        )}
        <Header account={account} onOpenMenu={() => setMobileOpen(true)} />
        <Box
          component="main"
          sx={{ flex: 1, px: { xs: 2, md: 3, xl: 4 }, py: { xs: 2, md: 3 }, maxWidth: 1600, width: "100%", mx: "auto" }}
        >
          {desktop && !menuClaimed && (
            <Box sx={{ mb: 2, "&:empty": { display: "none" } }}>
              <ContextMenuToolbar />
            </Box>
          )}
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
