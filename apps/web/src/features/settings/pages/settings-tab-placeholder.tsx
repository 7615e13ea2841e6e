import ConstructionIcon from "@mui/icons-material/ConstructionOutlined";
import { useMatches } from "react-router";
import { useSettingsBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { SectionTitle } from "../../../components/page-header/section-title";
import { useT } from "../../../lib/i18n";

/** A settings tab that later issues build: its title, what it will hold, and nothing else yet. */
export function SettingsTabPlaceholder() {
  const t = useT();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { titleKey?: string } | undefined;
  const titleKey = handle?.titleKey ?? "settings.title";
  const title = t(titleKey);
  useSettingsBreadcrumbs({ label: title });
  return (
    <>
      <SectionTitle title={title} subtitle={t(`${titleKey}.text`)} />
      <EmptyState icon={<ConstructionIcon />} title={t("common.comingSoon")} text={t("page.soonText")} />
    </>
  );
}
