import { alpha, createTheme } from "@mui/material/styles";

const primary = "#4353e0";
const ink = "#111827";
const fontFamily = [
  "Inter",
  "InterVariable",
  "system-ui",
  "-apple-system",
  "'Segoe UI'",
  "Roboto",
  "'Helvetica Neue'",
  "Arial",
  "sans-serif",
].join(", ");

export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } },
  palette: {
    mode: "light",
    primary: { main: primary, light: "#6d7bf0", dark: "#2f3cc0", contrastText: "#fff" },
    secondary: { main: "#0e9f8e" },
    error: { main: "#d92d20" },
    warning: { main: "#f79009" },
    success: { main: "#12a150" },
    info: { main: "#2e90fa" },
    background: { default: "#f5f6fa", paper: "#ffffff" },
    text: { primary: ink, secondary: "#5b6475" },
    divider: "#e4e7ee",
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily,
    h4: { fontSize: "1.625rem", fontWeight: 700, letterSpacing: -0.3, lineHeight: 1.25 },
    h5: { fontSize: "1.25rem", fontWeight: 700, letterSpacing: -0.2 },
    h6: { fontSize: "1.0625rem", fontWeight: 650 },
    subtitle1: { fontWeight: 600 },
    subtitle2: { fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600, letterSpacing: 0 },
    body2: { fontSize: "0.875rem" },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: "antialiased", MozOsxFontSmoothing: "grayscale" },
        "#root": { minHeight: "100vh" },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8, paddingInline: 14 }, sizeSmall: { paddingInline: 10 } },
    },
    MuiIconButton: { styleOverrides: { root: { borderRadius: 8 } } },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: { borderColor: "#e4e7ee" }, rounded: { borderRadius: 12 } },
    },
    MuiCard: { defaultProps: { variant: "outlined" } },
    MuiDialog: {
      // Dialogs are at most 496 px wide.
      styleOverrides: { paper: { maxWidth: 496, width: "calc(100% - 32px)", margin: 16, borderRadius: 14 } },
    },
    MuiDialogTitle: { styleOverrides: { root: { fontSize: "1.125rem", fontWeight: 700, paddingBottom: 8 } } },
    MuiDialogActions: { styleOverrides: { root: { padding: "12px 24px 20px", gap: 4 } } },
    MuiTextField: { defaultProps: { size: "small", fullWidth: true } },
    MuiSelect: { defaultProps: { size: "small" } },
    MuiFormControl: { defaultProps: { size: "small" } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: { backgroundColor: "#fff", "&:hover .MuiOutlinedInput-notchedOutline": { borderColor: "#b8bfcc" } },
        notchedOutline: { borderColor: "#d5dae3" },
      },
    },
    MuiTable: { defaultProps: { size: "small" } },
    MuiTableCell: {
      styleOverrides: {
        root: { borderColor: "#edf0f4", paddingTop: 9, paddingBottom: 9 },
        head: {
          fontWeight: 600,
          color: "#5b6475",
          fontSize: "0.75rem",
          textTransform: "uppercase",
          letterSpacing: 0.4,
          backgroundColor: "#fafbfc",
          whiteSpace: "nowrap",
        },
      },
    },
    MuiTableRow: { styleOverrides: { root: { "&.MuiTableRow-hover:hover": { backgroundColor: alpha(primary, 0.035) } } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 }, sizeSmall: { fontSize: "0.75rem" } } },
    MuiTab: { styleOverrides: { root: { textTransform: "none", fontWeight: 600, minHeight: 44 } } },
    MuiTabs: { styleOverrides: { root: { minHeight: 44 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
    MuiMenuItem: { styleOverrides: { root: { fontSize: "0.875rem", minHeight: 38 } } },
    MuiListItemButton: { styleOverrides: { root: { borderRadius: 8 } } },
    MuiLinearProgress: { styleOverrides: { root: { borderRadius: 4, height: 6 } } },
  },
});
