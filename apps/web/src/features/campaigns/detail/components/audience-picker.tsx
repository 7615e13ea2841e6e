import type { AudienceItem, CampaignAudienceKind } from "@leadflow/contracts";
import { Autocomplete, CircularProgress, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useRef, useState } from "react";
import { errorMessage } from "../../../../lib/errors";
import { useT } from "../../../../lib/i18n";
import { campaignAudienceQuery, useSetCampaignAudience } from "../../api/campaign-audience.api";

export interface AudienceOption {
  id: number;
  name: string;
  /** The heading it is listed under (a list's source). */
  group?: string;
}

interface AudiencePickerProps {
  campaignId: number;
  kind: CampaignAudienceKind;
  label: string;
  options: AudienceOption[];
  optionsLoading: boolean;
  disabled: boolean;
}

/**
 * The campaign's segments, sources or lists as chips; every change saves the whole selection of that kind
 * (POST {ids}). The pick shows at once; a failed save alerts the server's message and the chips go back to what is
 * stored. A chosen item the options do not hold (a child segment) still shows by its stored name.
 */
export function AudiencePicker({ campaignId, kind, label, options, optionsLoading, disabled }: AudiencePickerProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const stored = useQuery(campaignAudienceQuery(campaignId, kind));
  const save = useSetCampaignAudience(campaignId, kind);
  const [shown, setShown] = useState<AudienceOption[] | null>(null);
  const inFlight = useRef(0);

  const current: AudienceOption[] = shown ?? (stored.data ?? []).map((item: AudienceItem) => ({ id: item.id, name: item.name }));
  const change = async (next: AudienceOption[]) => {
    setShown(next);
    inFlight.current++;
    try {
      await save.mutateAsync(next.map((o) => o.id));
    } catch (e) {
      enqueueSnackbar(errorMessage(e, t("campaigns.detail.audience.saveError")), { variant: "error" });
    } finally {
      // Saves of one kind run in turn: the stored answer shows once the last of them is in.
      if (--inFlight.current === 0) setShown(null);
    }
  };

  const known = new Set(options.map((o) => o.id));
  const all = [...options, ...current.filter((o) => !known.has(o.id))];
  const busy = stored.isPending || save.isPending;
  return (
    <Autocomplete<AudienceOption, true, false, false>
      multiple
      size="small"
      disableCloseOnSelect
      options={all}
      value={current}
      onChange={(_e, next) => void change(next)}
      groupBy={kind === "list" ? (o) => o.group ?? "" : undefined}
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.id}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      loading={optionsLoading}
      loadingText={t("common.loading")}
      noOptionsText={t("campaigns.detail.audience.noOptions")}
      disabled={disabled || stored.data === undefined}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {busy && <CircularProgress size={16} aria-hidden />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
