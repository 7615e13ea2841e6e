import type { LeadAttribute } from "@leadflow/contracts";
import { Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useT } from "../../../lib/i18n";
import { attributeUsageQuery } from "../api/attributes.api";

/** The delete confirmation says what the attribute's values are worth: asked for as it opens. */
export function AttributeDeleteMessage({ entity }: { entity: LeadAttribute }) {
  const t = useT();
  const usage = useQuery(attributeUsageQuery(entity.id));
  return (
    <Stack spacing={1}>
      <Typography>{t("attributes.deleteConfirm", { name: entity.name })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {!usage.data
          ? t("attributes.deleteWarning")
          : usage.data.data.values === 0
            ? t("attributes.deleteUnused")
            : t("attributes.deleteUsage", {
                values: usage.data.data.values.toLocaleString(),
                leads: usage.data.data.leads.toLocaleString(),
              })}
      </Typography>
    </Stack>
  );
}
