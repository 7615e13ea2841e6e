export { listsQuery } from "./api/lists.api";
export { sourcesQuery } from "./api/sources.api";
