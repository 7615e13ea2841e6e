export { newPostbackSecret, newPostbackToken, signPostback, verifyPostbackSignature } from "./postback-signature";
export * from "./revenue-trackings.service";
