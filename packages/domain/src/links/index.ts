export { type ClickAgent, type ClickBotReason, classifyClick } from "./click-agent";
export { Geo, type GeoInfo, NO_GEO, sharedGeo } from "./geo";
export type { Hit } from "./hit-flush";
export { HitReasons } from "./link-rules";
export { type ClickAnswer, type HitRequest, LINK_CODE, LinkService, type LinkServiceOptions } from "./link-service";
