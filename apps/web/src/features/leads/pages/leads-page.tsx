import PeopleIcon from "@mui/icons-material/PeopleAltOutlined";
import { SimplePage } from "../../../components/page-header/simple-page";
import { useT } from "../../../lib/i18n";

export function LeadsPage() {
  const t = useT();
  return (
    <SimplePage
      title={t("leads.title")}
      subtitle={t("leads.subtitle")}
      icon={<PeopleIcon />}
      emptyTitle={t("common.comingSoon")}
      emptyText={t("leads.emptyText")}
    />
  );
}
