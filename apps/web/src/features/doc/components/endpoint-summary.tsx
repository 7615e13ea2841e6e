import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import VpnKeyOutlinedIcon from "@mui/icons-material/VpnKeyOutlined";
import { Box, Button, Chip, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useAccountPath } from "../../../lib/account-context";
import { useT } from "../../../lib/i18n";
import type { EndpointDoc } from "../model/openapi";
import { DocSection } from "./doc-section";
import { DocText } from "./doc-text";

/** Method and absolute address, the server's summary and description. */
export function EndpointSummary({ endpoint, url }: { endpoint: EndpointDoc; url: string }) {
  const t = useT();
  return (
    <DocSection title={endpoint.summary ?? t("doc.endpoint")} id="doc-endpoint">
      <Stack
        direction="row"
        sx={{ alignItems: "center", gap: 1, p: 1.25, borderRadius: 1.5, bgcolor: "action.hover", flexWrap: "wrap" }}
        aria-label={t("doc.endpoint")}
      >
        <Chip label={endpoint.method} color="primary" size="small" sx={{ fontWeight: 700, fontFamily: "monospace" }} />
        <Box component="code" sx={{ fontFamily: "monospace", fontSize: "0.875rem", wordBreak: "break-all", minWidth: 0 }}>
          {url}
        </Box>
      </Stack>
      {endpoint.description && (
        <Box>
          <DocText text={endpoint.description} />
        </Box>
      )}
    </DocSection>
  );
}

/** How a request proves its key, and where keys are made. */
export function AuthenticationSection({ endpoint }: { endpoint: EndpointDoc }) {
  const t = useT();
  const p = useAccountPath();
  return (
    <DocSection title={t("doc.authentication")} id="doc-auth">
      <Typography variant="body2">{t("doc.authText")}</Typography>
      {endpoint.auth.length > 0 ? (
        <Stack component="ul" spacing={0.75} sx={{ m: 0, pl: 2.5 }}>
          {endpoint.auth.map((a) => (
            <li key={`${a.in}:${a.name}`}>
              <Typography variant="body2" component="span">
                {t(`doc.authVia.${a.in === "header" ? "header" : "query"}`)}{" "}
                <Box component="code" sx={{ fontFamily: "monospace", fontWeight: 600 }}>
                  {a.name}
                </Box>
                {a.description && ` — ${a.description}`}
              </Typography>
            </li>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t("doc.authNone")}
        </Typography>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap" }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<VpnKeyOutlinedIcon />}
          component={RouterLink}
          to={p("settings/import-api-keys")}
        >
          {t("doc.manageKeys")}
        </Button>
        <Button size="small" startIcon={<OpenInNewIcon />} href="/test/import" target="_blank" rel="noopener">
          {t("doc.tryIt")}
        </Button>
      </Stack>
    </DocSection>
  );
}
