import type { LeadList } from "@leadflow/contracts";
import { FormControlLabel, Switch } from "@mui/material";
import { useSnackbar } from "notistack";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useSetListStatus } from "../api/lists.api";

/** The list page's Active/Inactive switch (docs/product/accounts-sources-leads.md): saves at once and says so. */
export function ListStatusSwitch({ list }: { list: LeadList }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const setStatus = useSetListStatus();
  const active = list.status === "active";
  return (
    <FormControlLabel
      sx={{ m: 0, pl: 0.5, pr: 1.5, height: 32, border: 1, borderColor: "divider", borderRadius: 2, bgcolor: "background.paper" }}
      label={t(active ? "lists.status.active" : "lists.status.inactive")}
      slotProps={{ typography: { variant: "body2", sx: { fontWeight: 600, minWidth: 56 } } }}
      control={
        <Switch
          checked={active}
          disabled={setStatus.isPending}
          onChange={(e) =>
            setStatus.mutate(
              { id: list.id, status: e.target.checked ? "active" : "inactive" },
              {
                onSuccess: () => enqueueSnackbar(t("lists.statusUpdated"), { variant: "success" }),
                onError: (err) => enqueueSnackbar(errorMessage(err), { variant: "error" }),
              },
            )
          }
          color="success"
          size="small"
          slotProps={{ input: { "aria-label": t("lists.statusSwitch") } }}
        />
      }
    />
  );
}
