import CampaignIcon from "@mui/icons-material/CampaignOutlined";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import CodeIcon from "@mui/icons-material/CodeOutlined";
import ForumIcon from "@mui/icons-material/ForumOutlined";
import GroupsIcon from "@mui/icons-material/GroupsOutlined";
import PeopleIcon from "@mui/icons-material/PeopleAltOutlined";
import SettingsIcon from "@mui/icons-material/SettingsOutlined";
import StorageIcon from "@mui/icons-material/StorageOutlined";
import { Box, Divider, IconButton, List, ListItemButton, ListItemIcon, ListItemText, Tooltip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Logo } from "../../components/logo/logo";
import { ConversationsUnreadBadge } from "../../features/conversations";
import { useAccountPath } from "../../lib/account-context";
import { type MessageKey, useT } from "../../lib/i18n";

interface NavItem {
  key: string;
  labelKey: MessageKey;
  to: string;
  icon: ReactNode;
  /** Other path prefixes that belong to this item (lead pages reached from a source, …). */
  match?: string[];
}

const items: NavItem[] = [
  { key: "audiences", labelKey: "nav.audiences", to: "", icon: <GroupsIcon />, match: ["audiences"] },
  { key: "leads", labelKey: "nav.leads", to: "leads", icon: <PeopleIcon /> },
  { key: "data", labelKey: "nav.data", to: "sources", icon: <StorageIcon /> },
  { key: "campaigns", labelKey: "nav.campaigns", to: "campaigns", icon: <CampaignIcon /> },
  {
    key: "conversations",
    labelKey: "nav.conversations",
    to: "conversations",
    icon: (
      <ConversationsUnreadBadge>
        <ForumIcon />
      </ConversationsUnreadBadge>
    ),
  },
  { key: "settings", labelKey: "nav.settings", to: "settings", icon: <SettingsIcon /> },
  { key: "doc", labelKey: "nav.doc", to: "doc", icon: <CodeIcon /> },
];

export const MENU_WIDTH = 248;
export const MENU_MINI_WIDTH = 72;

export function MainMenu({
  mini = false,
  onToggleMini,
  onNavigate,
}: {
  mini?: boolean;
  onToggleMini?: () => void;
  onNavigate?: () => void;
}) {
  const t = useT();
  const p = useAccountPath();
  const { pathname } = useLocation();
  const root = p("");
  const rest = pathname.startsWith(root) ? pathname.slice(root.length) : "";

  const isActive = (item: NavItem) => {
    if (item.to === "") return rest === "" || (item.match ?? []).some((m) => rest === m || rest.startsWith(`${m}/`));
    return rest === item.to || rest.startsWith(`${item.to}/`) || (item.match ?? []).some((m) => rest.startsWith(m));
  };

  return (
    <Box
      component="nav"
      aria-label={t("nav.menu")}
      sx={{ height: "100%", display: "flex", flexDirection: "column", bgcolor: "#0f1533", color: "#c7cbe0" }}
    >
      <Box
        sx={{
          height: 64,
          display: "flex",
          alignItems: "center",
          px: mini ? 0 : 2.5,
          justifyContent: mini ? "center" : "flex-start",
          flexShrink: 0,
        }}
      >
        <Link to={root} onClick={onNavigate} style={{ textDecoration: "none", display: "flex" }}>
          <Logo size={32} compact={mini} inverseText />
        </Link>
      </Box>
      <Divider sx={{ borderColor: "rgba(255,255,255,0.08)" }} />
      <List sx={{ px: 1.25, py: 1.5, flex: 1, overflowY: "auto" }}>
        {items.map((item) => {
          const active = isActive(item);
          const label = t(item.labelKey);
          const button = (
            <ListItemButton
              key={item.key}
              component={Link}
              to={p(item.to)}
              onClick={onNavigate}
              selected={active}
              aria-current={active ? "page" : undefined}
              sx={{
                mb: 0.5,
                minHeight: 44,
                px: mini ? 0 : 1.5,
                justifyContent: mini ? "center" : "flex-start",
                color: "inherit",
                "&:hover": { bgcolor: "rgba(255,255,255,0.06)" },
                "&.Mui-selected": { bgcolor: "rgba(109,123,240,0.22)", color: "#fff", "&:hover": { bgcolor: "rgba(109,123,240,0.3)" } },
              }}
            >
              <ListItemIcon sx={{ minWidth: mini ? 0 : 38, color: active ? "#a5b0ff" : "inherit" }}>{item.icon}</ListItemIcon>
              {!mini && (
                <ListItemText primary={label} slotProps={{ primary: { sx: { fontWeight: active ? 650 : 500, fontSize: "0.9rem" } } }} />
              )}
            </ListItemButton>
          );
          return mini ? (
            <Tooltip key={item.key} title={label} placement="right">
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
      </List>
      {onToggleMini && (
        <>
          <Divider sx={{ borderColor: "rgba(255,255,255,0.08)" }} />
          <Box sx={{ p: 1.25, display: "flex", justifyContent: mini ? "center" : "space-between", alignItems: "center" }}>
            {!mini && (
              <Typography variant="caption" sx={{ pl: 1.25, opacity: 0.6 }}>
                v0.1.0
              </Typography>
            )}
            <Tooltip title={mini ? t("nav.expand") : t("nav.collapse")} placement="right">
              <IconButton
                onClick={onToggleMini}
                size="small"
                sx={{ color: "inherit" }}
                aria-label={mini ? t("nav.expand") : t("nav.collapse")}
              >
                {mini ? <ChevronRightIcon /> : <ChevronLeftIcon />}
              </IconButton>
            </Tooltip>
          </Box>
        </>
      )}
    </Box>
  );
}
