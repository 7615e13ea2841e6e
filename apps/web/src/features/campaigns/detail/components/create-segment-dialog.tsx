import { zodResolver } from "@hookform/resolvers/zod";
import type { CampaignSegmentCreated, CreateCampaignSegment } from "@leadflow/contracts";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { describeFailure } from "../../../../components/form/server-errors";
import { useAccountPath } from "../../../../lib/account-context";
import { errorMessage } from "../../../../lib/errors";
import { useT } from "../../../../lib/i18n";
import { audienceSegmentOptionsQuery } from "../../api/campaign-audience.api";
import { useCreateCampaignSegment } from "../../api/campaign-segment.api";
import { CreateSegmentForm, type CreateSegmentValues, canCreateSegment, newSegmentValues, segmentPath } from "../model/create-segment";
import { CreateSegmentFields } from "./create-segment-fields";

export interface CreateSegmentDialogProps {
  open: boolean;
  campaignId: number;
  channel: "sms" | "email";
  /** A status update of the campaign is running: Create waits for it (docs/product/campaigns.md). */
  statusUpdating: boolean;
  onClose: () => void;
}

type Created = CampaignSegmentCreated["data"];

/**
 * Create Segment: the campaign's leads by SMS status and engagement, as a segment of one of the
 * team's audiences. After success the dialog says so and offers Go to Segment and Ok; closing resets it.
 */
export function CreateSegmentDialog({ open, campaignId, channel, statusUpdating, onClose }: CreateSegmentDialogProps) {
  const t = useT();
  const titleId = useId();
  const navigate = useNavigate();
  const p = useAccountPath();
  const options = useQuery({ ...audienceSegmentOptionsQuery(), enabled: open });
  const audiences = (options.data ?? []).filter((a) => a.parent_id === null);
  const create = useCreateCampaignSegment(campaignId);
  const [created, setCreated] = useState<Created | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateSegmentValues, unknown, CreateCampaignSegment>({
    resolver: zodResolver(CreateSegmentForm),
    mode: "onTouched",
    defaultValues: newSegmentValues(audiences),
  });
  const [smsStatus, engagement] = useWatch({ control: form.control, name: ["sms_status", "engagement"] });

  // The first audience is the default (docs/product/campaigns.md), once the list is there and while none was picked.
  const first = audiences[0]?.id;
  useEffect(() => {
    if (open && first !== undefined && form.getValues("audience_id") === "") form.setValue("audience_id", first);
  }, [open, first, form]);

  const busy = create.isPending;
  const close = () => {
    if (!busy) onClose();
  };
  const reset = () => {
    form.reset(newSegmentValues(audiences));
    setCreated(null);
    setFormError(null);
    create.reset();
  };

  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      setCreated((await create.mutateAsync(body)).data);
    } catch (e) {
      const { fields, alert } = describeFailure(e, ["name", "audience_id"]);
      for (const [field, message] of Object.entries(fields)) form.setError(field as "name" | "audience_id", { type: "server", message });
      setFormError(alert);
    }
  });

  const audienceName = (id: number) => audiences.find((a) => a.id === id)?.name ?? "";
  const chosen = { sms_status: smsStatus ?? [], engagement: engagement ?? [] };
  const ready = canCreateSegment(chosen, statusUpdating) && audiences.length > 0;

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      // At most 496 px wide.
      slotProps={{ paper: { sx: { maxWidth: 496 } }, transition: { onExited: reset } }}
    >
      <DialogTitle id={titleId}>{t(created ? "campaigns.detail.segment.createdTitle" : "campaigns.detail.segment.title")}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <Typography>
              {t("campaigns.detail.segment.createdText", { name: created.name, audience: audienceName(created.parent.id) })}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() => {
                onClose();
                navigate(p(segmentPath(created)));
              }}
            >
              {t("campaigns.detail.segment.goTo")}
            </Button>
            <Button variant="contained" onClick={onClose}>
              {t("campaigns.detail.segment.ok")}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy && ready) void submit(e);
          }}
        >
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {formError && <Alert severity="error">{formError}</Alert>}
              {options.error && <Alert severity="error">{errorMessage(options.error, t("campaigns.detail.segment.audiencesError"))}</Alert>}
              {options.isSuccess && audiences.length === 0 && <Alert severity="info">{t("campaigns.detail.segment.noAudiences")}</Alert>}
              <CreateSegmentFields control={form.control} audiences={audiences} channel={channel} disabled={busy} />
              {!canCreateSegment(chosen, false) && (
                <Typography variant="body2" color="text.secondary">
                  {t(channel === "email" ? "campaigns.detail.segment.chooseOneEmail" : "campaigns.detail.segment.chooseOne")}
                </Typography>
              )}
              {statusUpdating && <Alert severity="info">{t("campaigns.detail.segment.updating")}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy} color="inherit">
              {t("common.cancel")}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={busy || !ready}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t("campaigns.detail.segment.create")}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
