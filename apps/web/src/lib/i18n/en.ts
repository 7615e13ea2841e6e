import { dataTableMessages } from "../../components/data-table/data-table.messages";
import { attributesMessages } from "../../features/attributes/attributes.messages";
import { importsMessages } from "../../features/imports/imports.messages";
import { sourcesMessages } from "../../features/sources/sources.messages";
import { appMessages } from "./app.messages";

/** English texts of every feature. Feature dictionaries own their keys (prefix them with the feature name). */
export const en: Record<string, string> = {
  ...appMessages,
  ...dataTableMessages,
  ...sourcesMessages,
  ...importsMessages,
  ...attributesMessages,
};
