import { type SaveTeamMessaging, type TeamMessaging, TeamMessagingLimits } from "@leadflow/contracts";
import { Alert, Box, Button, CircularProgress, Paper, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { type Path, useForm, useWatch } from "react-hook-form";
import { FormTextField } from "../../../components/form/form-text-field";
import { describeFailure } from "../../../components/form/server-errors";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { teamMessagingQuery, useSaveTeamMessaging } from "../api/keywords.api";
import {
  brandShortened,
  MESSAGING_FIELDS,
  type MessagingFormValues,
  messagingFormResolver,
  messagingFormValues,
  PREVIEW_ORDER,
  previewAnswers,
} from "../model/messaging-form";
import { AnswerPreview } from "./answer-preview";

/** "Opt-out and help answers": the brand and help contact of the team's STOP, HELP and START answers, above the list. */
export function MessagingCard() {
  const t = useT();
  const query = useQuery(teamMessagingQuery());
  return (
    <Paper variant="outlined" component="section" aria-labelledby="messaging-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="messaging-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t("keywords.messaging.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("keywords.messaging.text")}
      </Typography>
      {query.data ? (
        <MessagingForm messaging={query.data} />
      ) : query.isError ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : (
        <Stack spacing={2} aria-busy="true" aria-label={t("keywords.messaging.loading")}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      )}
    </Paper>
  );
}

function MessagingForm({ messaging }: { messaging: TeamMessaging }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveTeamMessaging();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<MessagingFormValues, unknown, SaveTeamMessaging>({
    resolver: messagingFormResolver,
    mode: "onTouched",
    defaultValues: messagingFormValues(messaging),
  });
  const { control, formState } = form;
  const values = { brand_name: useWatch({ control, name: "brand_name" }), help_contact: useWatch({ control, name: "help_contact" }) };
  const answers = previewAnswers(messaging, values);

  // Another tab's save (or a refetch) shows here unless this form holds unsaved edits.
  useEffect(() => {
    if (!formState.isDirty) form.reset(messagingFormValues(messaging));
  }, [messaging, formState.isDirty, form]);

  const submit = form.handleSubmit(async (input) => {
    setAlert(null);
    try {
      form.reset(messagingFormValues(await save.mutateAsync(input)));
      enqueueSnackbar(t("keywords.messaging.saved"), { variant: "success" });
    } catch (e) {
      const failure = describeFailure(e, MESSAGING_FIELDS);
      for (const [field, message] of Object.entries(failure.fields))
        form.setError(field as Path<MessagingFormValues>, { type: "server", message });
      setAlert(failure.alert);
    }
  });

  const pending = save.isPending;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {alert && <Alert severity="error">{alert}</Alert>}
        <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
          <FormTextField
            name="brand_name"
            control={control}
            label={t("keywords.messaging.brand")}
            hint={t("keywords.messaging.brandHint")}
            placeholder={messaging.default_brand}
            disabled={pending}
            fullWidth
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { maxLength: TeamMessagingLimits.brandName, autoComplete: "organization" },
            }}
          />
          <FormTextField
            name="help_contact"
            control={control}
            label={t("keywords.messaging.contact")}
            hint={t("keywords.messaging.contactHint")}
            placeholder={messaging.default_contact ?? undefined}
            disabled={pending}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: TeamMessagingLimits.helpContact, autoComplete: "off" } }}
          />
        </Stack>
        <Typography variant="subtitle2" component="h4">
          {t("keywords.messaging.preview")}
        </Typography>
        <Box component="ul" sx={{ m: 0, p: 0, display: "grid", gap: 2, gridTemplateColumns: { md: "repeat(3, 1fr)" } }}>
          {PREVIEW_ORDER.map((action) => (
            <AnswerPreview
              key={action}
              action={action}
              answer={answers[action]}
              shortened={brandShortened(answers[action], messaging, values)}
            />
          ))}
        </Box>
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={pending || !formState.isDirty}
            startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t("common.save")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
