export { attributeConversions } from "./conversion-attribution";
export * from "./postback";
export { newPostbackSecret, newPostbackToken, signPostback, verifyPostbackSignature } from "./postback-signature";
export * from "./revenue.jobs";
export * from "./revenue-trackings.service";
