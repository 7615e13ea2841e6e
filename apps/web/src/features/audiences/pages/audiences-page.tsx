import GroupsIcon from "@mui/icons-material/GroupsOutlined";
import { Button } from "@mui/material";
import { Link } from "react-router";
import { useAccountPath } from "../../../components/breadcrumbs/breadcrumbs";
import { SimplePage } from "../../../components/page-header/simple-page";
import { useT } from "../../../lib/i18n";

export function AudiencesPage() {
  const t = useT();
  const p = useAccountPath();
  return (
    <SimplePage
      title={t("audiences.title")}
      subtitle={t("audiences.subtitle")}
      icon={<GroupsIcon />}
      emptyTitle={t("audiences.emptyTitle")}
      emptyText={t("audiences.emptyText")}
      action={
        <Button component={Link} to={p("sources")} variant="contained">
          {t("audiences.goToData")}
        </Button>
      }
    />
  );
}
