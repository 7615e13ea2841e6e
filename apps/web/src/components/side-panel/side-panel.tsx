import CloseIcon from "@mui/icons-material/Close";
import { Box, Divider, Drawer, IconButton, Stack, Typography } from "@mui/material";
import { type ReactNode, useId, useState } from "react";
import { useT } from "../../lib/i18n";
import { ConfirmDialog } from "../confirm-dialog/confirm-dialog";

export interface SidePanelProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /**
   * The footer's buttons. A function gets the guarded close, for a Cancel that asks like the close button does.
   */
  actions?: ReactNode | ((close: () => void) => ReactNode);
  /** Unsaved changes: closing asks 'Discard changes?' first. */
  dirty?: boolean;
  /** Its width from sm up; a phone's panel takes the whole screen. */
  width?: number;
}

/** A record's details or form beside the page: title and close, a body that scrolls, actions at the foot. */
export function SidePanel({ open, onClose, title, children, actions, dirty = false, width = 480 }: SidePanelProps) {
  const t = useT();
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const close = () => (dirty ? setAsking(true) : onClose());
  const discard = () => {
    setAsking(false);
    onClose();
  };
  return (
    <>
      <Drawer
        anchor="right"
        open={open}
        onClose={close}
        slotProps={{ paper: { role: "dialog", "aria-labelledby": titleId, sx: { width: { xs: "100%", sm: width } } } }}
      >
        <Stack sx={{ height: "100%" }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", px: 3, py: 2 }}>
            <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
              {title}
            </Typography>
            <IconButton edge="end" onClick={close} aria-label={t("common.close")}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Divider />
          <Box sx={{ flex: 1, overflowY: "auto", px: 3, py: 2 }}>{children}</Box>
          {actions && (
            <>
              <Divider />
              <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", px: 3, py: 1.5 }}>
                {typeof actions === "function" ? actions(close) : actions}
              </Stack>
            </>
          )}
        </Stack>
      </Drawer>
      <ConfirmDialog
        open={asking}
        title={t("common.discardTitle")}
        message={t("common.discardText")}
        confirmLabel={t("common.discard")}
        cancelLabel={t("common.keepEditing")}
        onConfirm={discard}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
