import type { LeadLogMessage } from "@leadflow/contracts";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import PaidOutlinedIcon from "@mui/icons-material/PaidOutlined";
import ReplyOutlinedIcon from "@mui/icons-material/ReplyOutlined";
import SendOutlinedIcon from "@mui/icons-material/SendOutlined";
import TouchAppOutlinedIcon from "@mui/icons-material/TouchAppOutlined";
import UnsubscribeOutlinedIcon from "@mui/icons-material/UnsubscribeOutlined";
import { Box, Link, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { useAccountPath } from "../../../lib/account-context";
import { useT } from "../../../lib/i18n";
import { type EntryLook, messageStateLabel } from "../model/timeline";

export const ENTRY_ICONS = {
  sent: <SendOutlinedIcon fontSize="inherit" />,
  delivered: <DoneAllIcon fontSize="inherit" />,
  failed: <ErrorOutlineIcon fontSize="inherit" />,
  replied: <ReplyOutlinedIcon fontSize="inherit" />,
  click: <TouchAppOutlinedIcon fontSize="inherit" />,
  unsubscribe: <UnsubscribeOutlinedIcon fontSize="inherit" />,
  conversion: <PaidOutlinedIcon fontSize="inherit" />,
} as const satisfies Record<EntryLook["icon"], ReactNode>;

const Caption = ({ children }: { children: ReactNode }) => (
  <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.25, overflowWrap: "anywhere" }}>
    {children}
  </Typography>
);

/**
 * What a message entry is about: the campaign (a link) and step, the channel and address, a failure's state and
 * reason, a reply's text. Every part is text: nothing a lead or a provider wrote is read as markup.
 */
export function TimelineMessage({ message, replied }: { message: LeadLogMessage; replied: boolean }) {
  const t = useT();
  const p = useAccountPath();
  const route = replied ? t("leads.timeline.smsFrom", { address: message.address }) : null;
  const channel = route ?? t(message.channel === "email" ? "leads.timeline.emailTo" : "leads.timeline.smsTo", { address: message.address });
  const state = message.state ? messageStateLabel(message.state) : null;
  return (
    <Box sx={{ mt: 0.5 }}>
      {message.campaign_name && (
        <Caption>
          {t("leads.timeline.campaign")}:{" "}
          {message.campaign_id ? (
            <Link component={RouterLink} to={p(`campaigns/${message.campaign_id}`)} underline="hover">
              {message.campaign_name}
            </Link>
          ) : (
            message.campaign_name
          )}
          {message.step_name && ` · ${t("leads.timeline.step")}: ${message.step_name}`}
        </Caption>
      )}
      <Caption>{channel}</Caption>
      {(state || message.error) && (
        <Typography variant="caption" color="error" sx={{ display: "block", mt: 0.25, overflowWrap: "anywhere" }}>
          {[state ? t(state) : null, message.error].filter(Boolean).join(": ")}
        </Typography>
      )}
      {message.body !== null && (
        <Box
          component="blockquote"
          sx={{
            m: 0,
            mt: 0.75,
            px: 1.25,
            py: 0.75,
            borderLeft: 3,
            borderColor: "info.main",
            bgcolor: "action.hover",
            borderRadius: 0.5,
            typography: "body2",
            whiteSpace: "pre-wrap",
            overflowWrap: "anywhere",
          }}
        >
          {message.body}
        </Box>
      )}
    </Box>
  );
}
