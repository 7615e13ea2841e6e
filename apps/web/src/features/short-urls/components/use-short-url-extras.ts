import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import type { CrudPageState } from "../../../components/crud/crud-settings-config";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { type ShortUrlDomainRow, shortUrlAccessQuery, useCheckDns, useEnableHttps } from "../api/short-urls.api";
import { nextSortOrder } from "../model/short-url-state";

/** What the page's columns, form and panel share beside edit and delete. */
export interface ShortUrlExtras {
  /** The plan allows changing domains; false while the answer loads, so nothing offers what may be refused. */
  hasAccess: boolean;
  /** The host links use without a domain of the team's own. */
  linkHost: string | undefined;
  nextSortOrder: number;
  /** The row whose Check DNS or Enable HTTPS is running. */
  pendingId: number | undefined;
  onCheckDns: (domain: ShortUrlDomainRow) => void;
  onEnableHttps: (domain: ShortUrlDomainRow) => void;
}

export function useShortUrlExtras({ rows }: CrudPageState<ShortUrlDomainRow>): ShortUrlExtras {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const access = useQuery(shortUrlAccessQuery());
  const checkDns = useCheckDns();
  const enableHttps = useEnableHttps();
  const onError = (e: unknown) => enqueueSnackbar(errorMessage(e), { variant: "error" });
  return {
    hasAccess: access.data?.has_access ?? false,
    linkHost: access.data?.link_host,
    nextSortOrder: nextSortOrder(rows),
    pendingId: checkDns.isPending ? checkDns.variables : enableHttps.isPending ? enableHttps.variables : undefined,
    onCheckDns: (domain) =>
      checkDns.mutate(domain.id, {
        onSuccess: (answer) =>
          enqueueSnackbar(t(answer.dns.ok ? "shortUrls.dnsOk" : "shortUrls.dnsElsewhere", { name: answer.url }), {
            variant: answer.dns.ok ? "success" : "warning",
          }),
        onError,
      }),
    onEnableHttps: (domain) =>
      enableHttps.mutate(domain.id, {
        onSuccess: (answer) => enqueueSnackbar(t("shortUrls.httpsEnabled", { name: answer.url }), { variant: "success" }),
        onError,
      }),
  };
}
