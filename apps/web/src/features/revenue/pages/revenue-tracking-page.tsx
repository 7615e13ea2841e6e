import type { RevenueTracking } from "@leadflow/contracts";
import { Stack, Typography } from "@mui/material";
import type { CrudSettingsConfig } from "../../../components/crud/crud-settings-config";
import { CrudSettingsPage } from "../../../components/crud/crud-settings-page";
import { useT } from "../../../lib/i18n";
import { revenueTrackingsApi } from "../api/revenue-trackings.api";
import { RevenueForm } from "../components/revenue-form";
import { RevenueTable } from "../components/revenue-table";

/** Deleting retires the URL: the confirmation says so. */
function RevenueDeleteMessage({ entity }: { entity: RevenueTracking }) {
  const t = useT();
  return (
    <Stack spacing={1}>
      <Typography>{t("common.deleteConfirm", { thing: entity.name })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t("revenue.deleteWarning")}
      </Typography>
    </Stack>
  );
}

const settings: CrudSettingsConfig<RevenueTracking> = {
  title: "settings.revenueTracking",
  subtitle: "settings.revenueTracking.text",
  add: "revenue.add",
  api: { keys: revenueTrackingsApi.keys, remove: revenueTrackingsApi.remove },
  Body: RevenueTable,
  Form: RevenueForm,
  remove: { Message: RevenueDeleteMessage, error: "revenue.removeError", deleted: "revenue.deleted", serverText: false },
};

/** Settings → Revenue Tracking: postback URLs partners report conversions to, with their signing secrets. */
export function RevenueTrackingPage() {
  return <CrudSettingsPage config={settings} />;
}
