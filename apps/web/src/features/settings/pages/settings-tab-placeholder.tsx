import ConstructionIcon from "@mui/icons-material/ConstructionOutlined";
import { useSettingsBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { SectionTitle } from "../../../components/page-header/section-title";
import { type MessageKey, useT } from "../../../lib/i18n";

/** A tab's title key that also has a `.text` saying what the tab will hold. */
export type ComingSoonKey = { [K in MessageKey]: `${K}.text` extends MessageKey ? K : never }[MessageKey];

/** A settings tab that later issues build: its title, what it will hold, and nothing else yet. */
export function SettingsTabPlaceholder({ titleKey }: { titleKey: ComingSoonKey }) {
  const t = useT();
  const title = t(titleKey);
  useSettingsBreadcrumbs({ label: title });
  return (
    <>
      <SectionTitle title={title} subtitle={t(`${titleKey}.text`)} />
      <EmptyState icon={<ConstructionIcon />} title={t("common.comingSoon")} text={t("page.soonText")} />
    </>
  );
}
