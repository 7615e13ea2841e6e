export { revenueTrackingsApi } from "./api/revenue-trackings.api";
