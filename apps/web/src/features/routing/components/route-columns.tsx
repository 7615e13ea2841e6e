import type { CampaignRoute } from "@leadflow/contracts";
import { Stack, Typography } from "@mui/material";
import { editDeleteButtonsColumn } from "../../../components/crud/crud-actions-column";
import type { CrudRowActions } from "../../../components/crud/crud-settings-config";
import type { Columns } from "../../../components/data-table/types";
import { dataKey } from "../../../lib/i18n";
import { senderDisplay } from "../model/sender";
import { SenderChip } from "./sender-chip";

/** Settings → Campaign Routes: ID, Name, Default, Estimated frequency, Groups, actions. */
export const routeColumns: Columns<CampaignRoute, CrudRowActions<CampaignRoute>> = [
  { key: "id", header: ({ t }) => t("routing.routes.columns.id"), width: 64, showFrom: "sm" },
  {
    key: "name",
    header: ({ t }) => t("routing.routes.columns.name"),
    hideable: false,
    minWidth: { xs: 120, lg: 180 },
    render: (r, { t }) => (
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
          {r.name}
        </Typography>
        {/* Phones hide Default and Estimated frequency: the name carries them. */}
        <Typography variant="caption" color="text.secondary" sx={{ display: { sm: "none" }, wordBreak: "break-word" }}>
          {t("routing.routes.defaultSummary", {
            sender: senderDisplay(r.default),
            frequency: t("routing.frequencyValue", { count: r.default.frequency }),
          })}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: { sm: "none" } }}>
          {t("routing.routes.estimatedSummary", { count: r.estimated_frequency })}
        </Typography>
      </Stack>
    ),
  },
  {
    key: "default",
    header: ({ t }) => t("routing.routes.columns.default"),
    showFrom: "sm",
    minWidth: 200,
    render: ({ default: d }, { t }) => (
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="body2">
          {t("routing.frequencyValue", { count: d.frequency })} · {d.gateway_name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: "break-word" }}>
          {senderDisplay(d)} · {t(dataKey("routing.senderType", d.sender_type))}
        </Typography>
      </Stack>
    ),
  },
  {
    key: "estimated_frequency",
    header: ({ t }) => t("routing.routes.columns.estimated"),
    showFrom: "sm",
    render: (r, { t }) => t("routing.frequencyValue", { count: r.estimated_frequency }),
  },
  {
    key: "groups",
    header: ({ t }) => t("routing.routes.columns.groups"),
    minWidth: { xs: 96, sm: 160 },
    render: (r, { t }) =>
      r.groups.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("routing.routes.groupsEmpty")}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
          {r.groups.map((g) => (
            <SenderChip key={g.id} label={g.group.name} sender={g} />
          ))}
        </Stack>
      ),
  },
  editDeleteButtonsColumn({ edit: "routing.edit", delete: "routing.delete" }),
];
