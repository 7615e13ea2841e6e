export { ExportSegmentDialog } from "./components/export-segment-dialog";
