export { rulesApi } from "./api/rules.api";
