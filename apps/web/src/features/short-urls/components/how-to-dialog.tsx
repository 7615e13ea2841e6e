import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useT } from "../../../lib/i18n";

/** The three steps of docs/short-links.md, in the app: A record, Check DNS, Enable HTTPS. */
export function HowToDialog({ open, ip, onClose }: { open: boolean; ip: string | null; onClose: () => void }) {
  const t = useT();
  const steps = [t("shortUrls.howTo.step1", { ip: ip ?? "PUBLIC_IP" }), t("shortUrls.howTo.step2"), t("shortUrls.howTo.step3")];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="short-url-how-to">
      <DialogTitle id="short-url-how-to">{t("shortUrls.howTo.title")}</DialogTitle>
      <DialogContent>
        <Box component="ol" sx={{ m: 0, pl: 2.5, display: "grid", gap: 1.5 }}>
          {steps.map((step) => (
            <Typography key={step} component="li" variant="body2">
              {step}
            </Typography>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("shortUrls.howTo.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
