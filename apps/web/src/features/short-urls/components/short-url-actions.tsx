import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import DnsOutlinedIcon from "@mui/icons-material/DnsOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import HttpsOutlinedIcon from "@mui/icons-material/HttpsOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { CircularProgress, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from "@mui/material";
import { type ReactNode, useState } from "react";
import type { CrudContext } from "../../../components/crud/crud-settings-config";
import { type MessageKey, useT } from "../../../lib/i18n";
import type { ShortUrlDomainRow } from "../api/short-urls.api";
import { httpsBlocker } from "../model/short-url-state";
import type { ShortUrlExtras } from "./use-short-url-extras";

const HTTPS_HINTS = {
  noAccess: "shortUrls.noAccessAction",
  alreadyOn: "shortUrls.httpsAlreadyOn",
  needsDns: "shortUrls.httpsNeedsDns",
} as const satisfies Record<NonNullable<ReturnType<typeof httpsBlocker>>, MessageKey>;

export interface ShortUrlActionsProps {
  domain: ShortUrlDomainRow;
  context: CrudContext<ShortUrlDomainRow, ShortUrlExtras>;
}

/** A row's menu: Edit, Check DNS, Enable HTTPS (once DNS points here), Delete; all of it disabled without the plan. */
export function ShortUrlActions({ domain, context }: ShortUrlActionsProps) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { hasAccess, pendingId } = context;
  const busy = pendingId === domain.id;
  const blocker = httpsBlocker(domain, hasAccess);
  const run = (action: (d: ShortUrlDomainRow) => void) => {
    setAnchor(null);
    action(domain);
  };
  const item = (
    label: MessageKey,
    icon: ReactNode,
    onClick: () => void,
    opts: { disabled?: boolean; danger?: boolean; hint?: string } = {},
  ) => (
    <MenuItem onClick={onClick} disabled={opts.disabled} sx={opts.danger ? { color: "error.main" } : undefined}>
      <ListItemIcon sx={opts.danger ? { color: "inherit" } : undefined}>{icon}</ListItemIcon>
      {/* The reason an item is off is written under it: a tooltip on a disabled item never shows, least on a phone. */}
      <ListItemText primary={t(label)} secondary={opts.hint} slotProps={{ secondary: { sx: { whiteSpace: "normal", maxWidth: 240 } } }} />
    </MenuItem>
  );
  const button = (
    <IconButton
      size="small"
      disabled={!hasAccess || busy}
      onClick={(e) => setAnchor(e.currentTarget)}
      aria-label={t("shortUrls.actionsFor", { name: domain.url })}
      aria-haspopup="menu"
    >
      {busy ? <CircularProgress size={18} /> : <MoreVertIcon fontSize="small" />}
    </IconButton>
  );
  return (
    <>
      {hasAccess ? (
        button
      ) : (
        <Tooltip title={t("shortUrls.noAccessAction")}>
          <span>{button}</span>
        </Tooltip>
      )}
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {item("shortUrls.edit", <EditOutlinedIcon fontSize="small" />, () => run(context.onEdit))}
        {item("shortUrls.checkDns", <DnsOutlinedIcon fontSize="small" />, () => run(context.onCheckDns))}
        {item("shortUrls.enableHttps", <HttpsOutlinedIcon fontSize="small" />, () => run(context.onEnableHttps), {
          disabled: blocker !== null,
          hint: blocker ? t(HTTPS_HINTS[blocker]) : undefined,
        })}
        {item("shortUrls.delete", <DeleteOutlinedIcon fontSize="small" />, () => run(context.onDelete), { danger: true })}
      </Menu>
    </>
  );
}
