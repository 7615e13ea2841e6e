import type { ImportListRecord } from "@leadflow/contracts";
import { useSnackbar } from "notistack";
import type { CrudSettingsConfig } from "../../../components/crud/crud-settings-config";
import { CrudSettingsPage } from "../../../components/crud/crud-settings-page";
import { copyText } from "../../../lib/clipboard";
import { useT } from "../../../lib/i18n";
import { importListsApi } from "../api/import-lists.api";
import { importKeyColumns } from "../components/import-key-columns";
import { ImportKeyForm } from "../components/import-key-form";

interface ImportKeyExtras {
  onCopy: (key: ImportListRecord) => void;
}

/** A row click (or its copy button) copies the whole key. */
function useCopyKey(): ImportKeyExtras {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  return {
    onCopy: async (key) => {
      const copied = await copyText(key.api_key);
      enqueueSnackbar(t(copied ? "importApi.copied" : "importApi.copyFailed"), { variant: copied ? "success" : "error" });
    },
  };
}

const settings: CrudSettingsConfig<ImportListRecord, ImportKeyExtras> = {
  title: "settings.importApiKeys",
  subtitle: ["settings.importApiKeys.text", "importApi.rowHint"],
  add: "importApi.add",
  api: importListsApi,
  useExtras: useCopyKey,
  // Page size default 15 (docs/product/audiences-lookups-settings.md).
  table: {
    columns: importKeyColumns,
    limit: 15,
    search: "importApi.search",
    empty: "importApi.empty",
    onRowClick: (key, { onCopy }) => onCopy(key),
  },
  Form: ImportKeyForm,
  remove: { error: "importApi.removeError", deleted: "importApi.deleted" },
};

/** Settings → Import API Keys: the keys other systems send leads with; a row click copies its key. */
export function ImportApiKeysPage() {
  return <CrudSettingsPage config={settings} />;
}
