import { Alert, Box, Button, CircularProgress, Paper, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { useSettingsBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { SectionTitle } from "../../../components/page-header/section-title";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { phoneTemplateQuery, useUpdatePhoneTemplate } from "../api/imports.api";
import { ChipsInput } from "../components/chips-input";
import { entryProblem, sameValues } from "../model/phone-template";

const PHONE_EXAMPLES = [
  { entry: "555*", text: "phoneFormat.examplePrefix" },
  { entry: "+44*", text: "phoneFormat.exampleInternational" },
  { entry: "212-555-01??", text: "phoneFormat.exampleOneDigit" },
  { entry: "(212) 555-0100", text: "phoneFormat.exampleExact" },
] as const;

/** Settings → Ignore Phone Format: the phone validation template, a list of numbers and prefix patterns. */
export function IgnorePhoneFormatPage() {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  useSettingsBreadcrumbs({ label: t("settings.ignorePhoneFormat") });
  const template = useQuery(phoneTemplateQuery());
  const save = useUpdatePhoneTemplate();
  const [values, setValues] = useState<string[] | null>(null);

  const saved = template.data?.values;
  useEffect(() => {
    if (saved) setValues(saved);
  }, [saved]);

  const dirty = !!values && !!saved && !sameValues(values, saved);
  const submit = () => {
    if (!values) return;
    save.mutate({ values }, { onSuccess: () => enqueueSnackbar(t("phoneFormat.saved"), { variant: "success" }) });
  };

  return (
    <>
      <SectionTitle title={t("settings.ignorePhoneFormat")} subtitle={t("phoneFormat.subtitle")} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
        <Stack spacing={2.5}>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              {t("phoneFormat.howTitle")}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t("phoneFormat.how")}
            </Typography>
            <Box
              component="ul"
              sx={{
                m: 0,
                mt: 1,
                pl: 2.5,
                color: "text.secondary",
                typography: "body2",
                "& code": { fontWeight: 600, color: "text.primary" },
              }}
            >
              {PHONE_EXAMPLES.map((e) => (
                <li key={e.entry}>
                  <code>{e.entry}</code> — {t(e.text)}
                </li>
              ))}
            </Box>
          </Box>
          {template.error && <Alert severity="error">{errorMessage(template.error)}</Alert>}
          {save.error && <Alert severity="error">{errorMessage(save.error)}</Alert>}
          {values === null && !template.error ? (
            <Skeleton variant="rounded" height={88} />
          ) : (
            values && (
              <ChipsInput
                label={t("phoneFormat.inputLabel")}
                placeholder={t("phoneFormat.placeholder")}
                values={values}
                onChange={setValues}
                disabled={save.isPending}
                validate={(v) => {
                  const problem = entryProblem(v);
                  return problem ? t(`phoneFormat.problem.${problem}`, { value: v }) : null;
                }}
              />
            )
          )}
          {values && values.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t("phoneFormat.empty")}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
            <Button color="inherit" disabled={!dirty || save.isPending} onClick={() => saved && setValues(saved)}>
              {t("phoneFormat.reset")}
            </Button>
            <Button
              variant="contained"
              onClick={submit}
              disabled={!dirty || save.isPending}
              startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t("common.save")}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
