export { ImportFlow } from "./components/import-flow";
