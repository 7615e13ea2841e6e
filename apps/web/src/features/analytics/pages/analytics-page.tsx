import InsightsIcon from "@mui/icons-material/InsightsOutlined";
import { SimplePage } from "../../../components/page-header/simple-page";
import { useT } from "../../../lib/i18n";

export function AnalyticsPage() {
  const t = useT();
  return (
    <SimplePage
      title={t("analytics.title")}
      icon={<InsightsIcon />}
      emptyTitle={t("common.comingSoon")}
      emptyText={t("analytics.emptyText")}
    />
  );
}
