import RestartAltIcon from "@mui/icons-material/RestartAlt";
import SendIcon from "@mui/icons-material/SendOutlined";
import { Box, Button, CircularProgress, Container, Paper, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { Logo } from "../../../components/logo/logo";
import { useT } from "../../../lib/i18n";
import { useImportLead } from "../api/public-import.api";
import { ImportOutcomeAlert } from "../components/import-outcome-alert";
import { LeadJsonEditor } from "../components/lead-json-editor";
import { type ImportOutcome, outcomeOf } from "../model/import-outcome";
import { canSave, EXAMPLE_TEXT, importBody, parseAttributes, targetUrl } from "../model/lead-json";

/**
 * /test/import: send one lead through the public import interface with an API key, outside any account (it
 * uses no account token), so what works here works for another system.
 */
export function ImportTestPage() {
  const t = useT();
  const [apiKey, setApiKey] = useState("");
  const [text, setText] = useState(EXAMPLE_TEXT);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const importLead = useImportLead();
  const parsed = parseAttributes(text);
  const busy = importLead.isPending;

  const save = async () => {
    if (!parsed.ok || !canSave(apiKey, text)) return;
    setOutcome(null);
    try {
      const response = await importLead.mutateAsync({ apiKey, body: importBody(parsed.value) });
      setOutcome(outcomeOf({ response }));
    } catch (error) {
      setOutcome(outcomeOf({ error }));
    }
  };
  const reset = () => {
    setText(EXAMPLE_TEXT);
    setOutcome(null);
  };

  return (
    <Box sx={{ minHeight: "100vh", bgcolor: "background.default" }}>
      <Box component="header" sx={{ px: { xs: 2, md: 3 }, py: 1.5, borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}>
        <Logo size={28} />
      </Box>
      <Container maxWidth="md" component="main" sx={{ py: { xs: 2, md: 4 }, px: { xs: 2, md: 3 } }}>
        <Typography variant="h4" component="h1">
          {t("importTest.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          {t("importTest.subtitle")}
        </Typography>
        <Paper
          variant="outlined"
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Stack spacing={2.5}>
            <TextField
              label={t("importTest.apiKey")}
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              required
              autoFocus
              helperText={t("importTest.apiKeyHint")}
              slotProps={{
                htmlInput: { spellCheck: false, autoComplete: "off" },
                input: { sx: { fontFamily: "monospace" } },
              }}
            />
            <Box>
              <Typography variant="subtitle2">{t("importTest.target")}</Typography>
              <Box
                component="code"
                aria-label={t("importTest.target")}
                sx={{
                  display: "block",
                  mt: 0.5,
                  px: 1.5,
                  py: 1,
                  borderRadius: 1,
                  bgcolor: "action.hover",
                  fontFamily: "monospace",
                  fontSize: "0.8125rem",
                  wordBreak: "break-all",
                }}
              >
                <Box component="span" sx={{ fontWeight: 700, color: "primary.main" }}>
                  POST
                </Box>{" "}
                {targetUrl(window.location.origin, apiKey)}
              </Box>
            </Box>
            <LeadJsonEditor value={text} onChange={setText} parsed={parsed} disabled={busy} />
            {outcome && <ImportOutcomeAlert outcome={outcome} />}
            <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
              <Button color="inherit" startIcon={<RestartAltIcon />} onClick={reset} disabled={busy}>
                {t("importTest.reset")}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={busy || !canSave(apiKey, text)}
                startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
              >
                {t("importTest.save")}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
