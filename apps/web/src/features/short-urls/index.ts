export { shortUrlAccessQuery, shortUrlsApi } from "./api/short-urls.api";
