import { Alert } from "@mui/material";
import type { CrudBodyProps } from "../../../components/crud/crud-settings-config";
import { useT } from "../../../lib/i18n";
import type { ShortUrlDomainRow } from "../api/short-urls.api";
import { PublicIpPanel } from "./public-ip-panel";
import type { ShortUrlExtras } from "./use-short-url-extras";

/** Above the table: the plan's notice when it has no domains, and where domains point. */
export function ShortUrlPanel({ context }: CrudBodyProps<ShortUrlDomainRow, ShortUrlExtras, undefined>) {
  const t = useT();
  return (
    <>
      {!context.hasAccess && context.linkHost !== undefined && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t("shortUrls.noAccess", { host: context.linkHost })}
        </Alert>
      )}
      <PublicIpPanel />
    </>
  );
}
