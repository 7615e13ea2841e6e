export { keywordPhonesQuery, keywordsApi } from "./api/keywords.api";
