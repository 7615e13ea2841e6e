export { attributeKeys } from "./api/attributes.api";
