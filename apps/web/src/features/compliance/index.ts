export { ComplianceFileDialog } from "./components/compliance-file-dialog";
export { ComplianceFilesSection } from "./components/compliance-files-section";
export { DncRuleDialog } from "./components/dnc-rule-dialog";
