import DnsOutlinedIcon from "@mui/icons-material/DnsOutlined";
import HttpsOutlinedIcon from "@mui/icons-material/HttpsOutlined";
import type { CrudContext } from "../../../components/crud/crud-settings-config";
import { deleteAction, editAction, RowActionsMenu } from "../../../components/row-actions/row-actions";
import { type MessageKey, useT } from "../../../lib/i18n";
import type { ShortUrlDomainRow } from "../api/short-urls.api";
import { httpsBlocker } from "../model/short-url-state";
import type { ShortUrlExtras } from "./use-short-url-extras";

const HTTPS_HINTS = {
  noAccess: "shortUrls.noAccessAction",
  alreadyOn: "shortUrls.httpsAlreadyOn",
  needsDns: "shortUrls.httpsNeedsDns",
} as const satisfies Record<NonNullable<ReturnType<typeof httpsBlocker>>, MessageKey>;

export interface ShortUrlActionsProps {
  domain: ShortUrlDomainRow;
  context: CrudContext<ShortUrlDomainRow, ShortUrlExtras>;
}

/** A row's menu: Edit, Check DNS, Enable HTTPS (once DNS points here), Delete; all of it disabled without the plan. */
export function ShortUrlActions({ domain, context }: ShortUrlActionsProps) {
  const t = useT();
  const { hasAccess, pendingId } = context;
  const blocker = httpsBlocker(domain, hasAccess);
  return (
    <RowActionsMenu
      label={t("shortUrls.actionsFor", { name: domain.url })}
      lockedHint={hasAccess ? undefined : t("shortUrls.noAccessAction")}
      busy={pendingId === domain.id}
      actions={[
        editAction(t("shortUrls.edit"), () => context.onEdit(domain)),
        {
          key: "dns",
          label: t("shortUrls.checkDns"),
          icon: <DnsOutlinedIcon fontSize="small" />,
          onClick: () => context.onCheckDns(domain),
        },
        {
          key: "https",
          label: t("shortUrls.enableHttps"),
          icon: <HttpsOutlinedIcon fontSize="small" />,
          onClick: () => context.onEnableHttps(domain),
          disabled: blocker !== null,
          hint: blocker ? t(HTTPS_HINTS[blocker]) : undefined,
        },
        deleteAction(t("shortUrls.delete"), () => context.onDelete(domain)),
      ]}
    />
  );
}
