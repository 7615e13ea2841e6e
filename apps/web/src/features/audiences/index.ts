export { segmentQuery } from "./api/segments.api";
