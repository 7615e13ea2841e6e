import ContentCopyIcon from "@mui/icons-material/ContentCopyOutlined";
import { Alert, Box, IconButton, Link, Skeleton, Tooltip, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { copyText } from "../../../lib/clipboard";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { publicIpQuery } from "../api/short-urls.api";
import { HowToDialog } from "./how-to-dialog";

const SLOT = "\u0000";

/** Top of the page: where a domain's A record must point, with a copy button and the steps. */
export function PublicIpPanel() {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const publicIp = useQuery(publicIpQuery());
  const [howTo, setHowTo] = useState(false);
  const ip = publicIp.data?.ip ?? null;
  // The sentence comes whole from the messages; the address inside it is drawn as code.
  const pointTo = t("shortUrls.pointTo", { ip: SLOT }).split(SLOT);

  const copy = async () => {
    if (!ip) return;
    const copied = await copyText(ip);
    enqueueSnackbar(t(copied ? "shortUrls.ipCopied" : "shortUrls.copyFailed"), { variant: copied ? "success" : "error" });
  };
  const howToLink = (
    <Link component="button" type="button" variant="body2" onClick={() => setHowTo(true)} sx={{ verticalAlign: "baseline" }}>
      {t("shortUrls.howTo")}
    </Link>
  );

  if (publicIp.isPending) return <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />;
  return (
    <>
      {ip === null ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {publicIp.isError ? errorMessage(publicIp.error) : t("shortUrls.pointToUnknown")} {howToLink}
        </Alert>
      ) : (
        <Alert severity="info" sx={{ mb: 2, "& .MuiAlert-message": { minWidth: 0 } }}>
          {/* The copy button goes with the address, on its line wherever the sentence wraps. */}
          <Typography variant="body2">
            {pointTo[0]}
            <Box component="span" sx={{ whiteSpace: "nowrap" }}>
              <Box component="code" sx={{ fontFamily: "monospace", fontWeight: 700 }}>
                {ip}
              </Box>
              <Tooltip title={t("shortUrls.copyIp")}>
                <IconButton size="small" onClick={copy} aria-label={t("shortUrls.copyIp")} sx={{ ml: 0.5, my: -0.5 }}>
                  <ContentCopyIcon sx={{ fontSize: 16 }} />
                </IconButton>
              </Tooltip>
            </Box>
            {pointTo[1]}
          </Typography>
          {publicIp.data?.source === "detected" && (
            <Typography variant="caption" color="text.secondary" component="p">
              {t("shortUrls.ipDetected")}
            </Typography>
          )}
          {howToLink}
        </Alert>
      )}
      <HowToDialog open={howTo} ip={ip} onClose={() => setHowTo(false)} />
    </>
  );
}
