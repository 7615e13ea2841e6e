import CodeIcon from "@mui/icons-material/CodeOutlined";
import { SimplePage } from "../../../components/page-header/simple-page";
import { useT } from "../../../lib/i18n";

export function DocPage() {
  const t = useT();
  return (
    <SimplePage
      title={t("doc.title")}
      subtitle={t("doc.subtitle")}
      icon={<CodeIcon />}
      emptyTitle={t("common.comingSoon")}
      emptyText={t("doc.emptyText")}
    />
  );
}
