export { listsQuery } from "./api/lists.api";
export { sourcesQuery, sourcesWithListsQuery } from "./api/sources.api";
