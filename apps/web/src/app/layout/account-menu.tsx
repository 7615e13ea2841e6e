import AddIcon from "@mui/icons-material/Add";
import CheckIcon from "@mui/icons-material/Check";
import LockIcon from "@mui/icons-material/LockOutlined";
import LogoutIcon from "@mui/icons-material/Logout";
import PersonIcon from "@mui/icons-material/PersonOutlined";
import {
  Box,
  ButtonBase,
  Chip,
  CircularProgress,
  Divider,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Typography,
} from "@mui/material";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { useNavigate } from "react-router";
import { UserAvatar } from "../../components/user-avatar/user-avatar";
import { AccountBalanceItem, useBalanceLiveRefresh } from "../../features/lookups";
import { PlanMenuItem } from "../../features/plans";
import { isAccountExpired, type LoggedAccount, removeAccount, useAccounts } from "../../lib/accounts";
import { api } from "../../lib/api-client";
import { useT } from "../../lib/i18n";

function AccountAvatar({ account, size = 32 }: { account: Pick<LoggedAccount, "id" | "name">; size?: number }) {
  return <UserAvatar id={account.id} name={account.name} size={size} />;
}

/**
 * The team's plan and monthly price (information only), the team's balance (it opens Lookup Management); switch between the accounts signed in here, add one, change the
 * password, see the profile, log out.
 */
export function AccountMenu({ current, displayName }: { current: LoggedAccount; displayName: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const accounts = useAccounts();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  const close = () => setAnchor(null);
  useBalanceLiveRefresh();

  const go = (to: string) => {
    close();
    navigate(to);
  };

  const logout = async () => {
    setLoggingOut(true);
    try {
      await api.post("/logout", undefined, { token: current.token });
    } catch {
      // The token may already be invalid; signing out locally is what matters.
    }
    removeAccount(current.index);
    setLoggingOut(false);
    close();
    const next = accounts.find((a) => a.index !== current.index && !isAccountExpired(a));
    enqueueSnackbar(t("header.loggedOut", { email: current.email }), { variant: "info" });
    navigate(next ? `/u/${next.index}/` : "/signin", { replace: true });
  };

  return (
    <>
      <ButtonBase
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t("header.accountMenu")}
        aria-haspopup="menu"
        sx={{ borderRadius: 2, px: 0.75, py: 0.5, gap: 1, "&:hover": { bgcolor: "action.hover" } }}
      >
        <AccountAvatar account={{ id: current.id, name: displayName }} />
        <Box sx={{ display: { xs: "none", lg: "block" }, textAlign: "left", maxWidth: 180 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }} noWrap>
            {displayName}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {current.email}
          </Typography>
        </Box>
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { width: 300, maxWidth: "calc(100vw - 24px)", mt: 1, boxShadow: "0 12px 32px rgba(17,24,39,0.14)" } } }}
      >
        <PlanMenuItem />
        <AccountBalanceItem onOpen={() => go(`/u/${current.index}/settings/lookup-management`)} />
        <Divider />
        <ListSubheader sx={{ lineHeight: "36px", fontWeight: 700, fontSize: "0.7rem", textTransform: "uppercase", letterSpacing: 0.6 }}>
          {t("header.accounts")}
        </ListSubheader>
        {accounts.map((a) => {
          const expired = isAccountExpired(a);
          const isCurrent = a.index === current.index;
          return (
            <MenuItem
              key={a.index}
              selected={isCurrent}
              onClick={() => (isCurrent ? close() : go(expired ? `/add-account?email=${encodeURIComponent(a.email)}` : `/u/${a.index}/`))}
              sx={{ py: 1 }}
            >
              <ListItemIcon sx={{ mr: 1.5 }}>
                <AccountAvatar account={isCurrent ? { id: a.id, name: displayName } : a} size={30} />
              </ListItemIcon>
              <ListItemText
                primary={isCurrent ? displayName : a.name}
                secondary={a.email}
                slotProps={{
                  primary: { noWrap: true, sx: { fontWeight: 600, fontSize: "0.875rem" } },
                  secondary: { noWrap: true, sx: { fontSize: "0.75rem" } },
                }}
              />
              {expired ? (
                <Chip size="small" label={t("header.notLogged")} sx={{ ml: 1 }} />
              ) : isCurrent ? (
                <CheckIcon fontSize="small" color="primary" sx={{ ml: 1 }} />
              ) : null}
            </MenuItem>
          );
        })}
        <MenuItem onClick={() => go("/add-account?preventRedirect=true")}>
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          {t("header.addAccount")}
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => go("/change-password")}>
          <ListItemIcon>
            <LockIcon fontSize="small" />
          </ListItemIcon>
          {t("header.changePassword")}
        </MenuItem>
        <MenuItem onClick={() => go(`/u/${current.index}/profile`)}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t("header.profile")}
        </MenuItem>
        <Divider />
        <MenuItem onClick={logout} disabled={loggingOut} sx={{ color: "error.main" }}>
          <ListItemIcon sx={{ color: "inherit" }}>
            {loggingOut ? <CircularProgress size={18} color="inherit" /> : <LogoutIcon fontSize="small" />}
          </ListItemIcon>
          {t("header.logout")}
        </MenuItem>
      </Menu>
    </>
  );
}
