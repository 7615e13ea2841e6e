export {
  type ListOptionsParams,
  listOptionsQuery,
  type SourceOptionsParams,
  sourceOptionsQuery,
  sourcesWithListsQuery,
} from "./api/source-options.api";
