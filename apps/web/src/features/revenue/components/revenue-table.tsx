import type { RevenueTracking } from "@leadflow/contracts";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import type { CrudBodyProps } from "../../../components/crud/crud-settings-config";
import { DataTable } from "../../../components/data-table/data-table";
import { copyText } from "../../../lib/clipboard";
import { type MessageKey, useT } from "../../../lib/i18n";
import { revenueTrackingsQuery } from "../api/revenue-trackings.api";
import { type RevenueColumnsContext, revenueColumns } from "./revenue-columns";
import { SigningSecretDialog } from "./signing-secret-dialog";

/** All of the team's trackings in one table (no paging, search or sort), and the signing-secret dialog. */
export function RevenueTable({ context }: CrudBodyProps<RevenueTracking, object, undefined>) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const query = useQuery(revenueTrackingsQuery());
  const [secretOf, setSecretOf] = useState<RevenueTracking | null>(null);
  const copy = async (text: string, done: MessageKey) => {
    const copied = await copyText(text);
    enqueueSnackbar(t(copied ? done : "revenue.copyFailed"), { variant: copied ? "success" : "error" });
  };
  const columnsContext: RevenueColumnsContext = {
    ...context,
    onCopyUrl: (tracking) => copy(tracking.postback_url, "revenue.copied"),
    onShowSecret: setSecretOf,
  };
  return (
    <>
      <DataTable
        aria-label={t("settings.revenueTracking")}
        columns={revenueColumns}
        context={columnsContext}
        query={query}
        skeletonRows={3}
        emptyText={t("revenue.empty")}
      />
      <SigningSecretDialog
        tracking={secretOf}
        onCopy={(secret) => copy(secret, "revenue.secretCopied")}
        onClose={() => setSecretOf(null)}
      />
    </>
  );
}
