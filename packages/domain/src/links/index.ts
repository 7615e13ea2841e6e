export { type ClickAgent, type ClickBotReason, classifyClick } from "./click-agent";
export { Geo, type GeoInfo, NO_GEO, sharedGeo } from "./geo";
export { explainHit, type HitExplanation } from "./hit-explain";
export { flushHits, type Hit } from "./hit-flush";
export { type HitReason, HitReasons } from "./link-rules";
export { type ClickAnswer, type HitRequest, LINK_CODE, LinkService, type LinkServiceOptions } from "./link-service";
