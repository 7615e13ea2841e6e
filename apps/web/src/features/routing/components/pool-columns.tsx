import type { CampaignPool } from "@leadflow/contracts";
import { Stack, Typography } from "@mui/material";
import { editDeleteButtonsColumn } from "../../../components/crud/crud-actions-column";
import type { CrudRowActions } from "../../../components/crud/crud-settings-config";
import type { Columns } from "../../../components/data-table/types";
import { senderDisplay } from "../model/sender";
import { SenderChip } from "./sender-chip";

/** Settings → Campaign Pools (docs/product/audiences-lookups-settings.md): ID, Name, Senders, actions. */
export const poolColumns: Columns<CampaignPool, CrudRowActions<CampaignPool>> = [
  { key: "id", header: ({ t }) => t("routing.pools.columns.id"), width: 64, showFrom: "sm" },
  {
    key: "name",
    header: ({ t }) => t("routing.pools.columns.name"),
    hideable: false,
    minWidth: { xs: 120, lg: 180 },
    render: (p) => (
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
        {p.name}
      </Typography>
    ),
  },
  {
    key: "senders",
    header: ({ t }) => t("routing.pools.columns.senders"),
    minWidth: { xs: 130, sm: 200 },
    render: (p) => (
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
        {p.senders.map((s) => (
          <SenderChip key={s.id} label={senderDisplay(s)} sender={s} />
        ))}
      </Stack>
    ),
  },
  editDeleteButtonsColumn({ edit: "routing.edit", delete: "routing.delete" }),
];
