import { Stack, Typography } from "@mui/material";
import { useT } from "../../../lib/i18n";
import type { ShortUrlDomainRow } from "../api/short-urls.api";

/** The delete confirmation says what goes with the domain: the links already sent on it. */
export function ShortUrlDeleteMessage({ entity }: { entity: ShortUrlDomainRow }) {
  const t = useT();
  return (
    <Stack spacing={1}>
      <Typography>{t("shortUrls.deleteConfirm", { name: entity.url })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t("shortUrls.deleteWarning")}
      </Typography>
    </Stack>
  );
}
