export { OptInPanel } from "./components/opt-in-panel";
