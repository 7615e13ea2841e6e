export { type HostResolver, systemResolver } from "./dns-check";
export { detectPublicIp, resolvePublicIp } from "./public-ip";
export { appHostOf, normalizeShortHost } from "./short-host";
export * from "./short-host.queries";
export { canManageShortUrlDomains } from "./short-urls.access";
export * from "./short-urls.service";
