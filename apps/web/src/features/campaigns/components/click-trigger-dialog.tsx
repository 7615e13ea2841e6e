import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { campaignsByTriggerQuery, useSetClickTrigger } from "../api/campaigns.api";

export interface ClickTriggerDialogProps {
  open: boolean;
  ids: number[];
  onClose: () => void;
  onDone: () => void;
}

/** Set click trigger: the trigger campaign a click in the selected campaigns starts (or none). */
export function ClickTriggerDialog({ open, ids, onClose, onDone }: ClickTriggerDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const options = useQuery({ ...campaignsByTriggerQuery("campaign_click"), enabled: open });
  const save = useSetClickTrigger();
  const [value, setValue] = useState<number | "">("");

  const submit = () =>
    save.mutate(
      { campaigns: ids, click_automation_campaign_id: value === "" ? null : value },
      {
        onSuccess: (answer) => {
          enqueueSnackbar(answer.message, { variant: "success" });
          onDone();
        },
      },
    );

  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{
        transition: {
          onExited: () => {
            setValue("");
            save.reset();
          },
        },
      }}
    >
      <DialogTitle>{t("campaigns.clickTriggerTitle")}</DialogTitle>
      <DialogContent>
        {save.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(save.error, t("campaigns.actionError"))}
          </Alert>
        )}
        {options.data?.length === 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t("campaigns.clickTriggerEmpty")}
          </Alert>
        )}
        <TextField
          select
          fullWidth
          margin="dense"
          label={t("campaigns.clickTriggerCampaign")}
          value={value}
          disabled={options.isPending}
          onChange={(e) => setValue(e.target.value === "" ? "" : Number(e.target.value))}
        >
          <MenuItem value="">{t("campaigns.clickTriggerNone")}</MenuItem>
          {(options.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t("campaigns.cancel")}
        </Button>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          {t("campaigns.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
