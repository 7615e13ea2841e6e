import WorkspacePremiumOutlinedIcon from "@mui/icons-material/WorkspacePremiumOutlined";
import { Box, ListItemIcon, ListItemText, Skeleton } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useT } from "../../../lib/i18n";
import { teamPlanQuery } from "../api/plans.api";
import { formatUah } from "../model/plan-format";

/**
 * The account menu's plan line ("Standard · ₴3,999 / month"): information, not an action, so it is not a menu item
 * and keyboard focus passes it by. Hidden when the plan cannot be loaded: the rest of the menu still works.
 */
export function PlanMenuItem() {
  const t = useT();
  const plan = useQuery(teamPlanQuery());
  if (plan.isError) return null;
  const p = plan.data?.plan;
  return (
    <Box component="li" role="none" sx={{ display: "flex", alignItems: "center", px: 2, py: 1 }}>
      <ListItemIcon>
        <WorkspacePremiumOutlinedIcon fontSize="small" color="primary" />
      </ListItemIcon>
      <ListItemText
        primary={p ? t("plans.menuItem", { plan: p.name, price: formatUah(p.price_uah) }) : <Skeleton width={150} />}
        secondary={t("plans.menuCaption")}
        slotProps={{
          primary: { noWrap: true, sx: { fontWeight: 600, fontSize: "0.875rem", fontVariantNumeric: "tabular-nums" } },
          secondary: { sx: { fontSize: "0.75rem" } },
        }}
      />
    </Box>
  );
}
