export { keywordsApi } from "./api/keywords.api";
