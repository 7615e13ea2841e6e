import CampaignIcon from "@mui/icons-material/CampaignOutlined";
import { SimplePage } from "../../../components/page-header/simple-page";
import { useT } from "../../../lib/i18n";

export function CampaignsPage() {
  const t = useT();
  return (
    <SimplePage
      title={t("campaigns.title")}
      subtitle={t("campaigns.subtitle")}
      icon={<CampaignIcon />}
      emptyTitle={t("common.comingSoon")}
      emptyText={t("campaigns.emptyText")}
    />
  );
}
