export { ProcessesPopover } from "./components/processes-popover";
