import { type ConsentPhone, RndResultLabels } from "@leadflow/contracts";
import { Chip, Stack, Typography } from "@mui/material";
import { formatDateTime } from "../../../lib/format";
import { useT } from "../../../lib/i18n";

/** A phone's Do Not Call and Reassigned Numbers checks, each with its date. */
function PhoneChecks({ phone, ruleDays }: { phone: ConsentPhone; ruleDays: number | null }) {
  const t = useT();
  const dnc = phone.dnc_checked_at
    ? `${[phone.dnc_code, phone.dnc_message].filter(Boolean).join(" · ") || t("leads.consent.dncClean")} · ${formatDateTime(phone.dnc_checked_at)}`
    : t("leads.consent.dncNever");
  const rnd = phone.rnd_result
    ? [
        RndResultLabels[phone.rnd_result],
        phone.rnd_since ? t("leads.consent.rndSince", { date: phone.rnd_since }) : null,
        phone.rnd_checked_at ? `· ${formatDateTime(phone.rnd_checked_at)}` : null,
      ]
        .filter(Boolean)
        .join(" ")
    : t("leads.consent.rndNever");
  return (
    <Stack component="li" spacing={0.25} sx={{ listStyle: "none" }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {phone.phone}
        </Typography>
        <Chip size="small" variant="outlined" label={phone.status_label} />
        {phone.rnd_result === "reassigned" && <Chip size="small" color="error" label={RndResultLabels.reassigned} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" component="div">
        {t("leads.consent.dnc")}: {dnc}
        {phone.dnc_stale && ruleDays !== null && (
          <Chip size="small" color="warning" variant="outlined" sx={{ ml: 1 }} label={t("leads.consent.dncStale", { days: ruleDays })} />
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t("leads.consent.rnd")}: {rnd}
      </Typography>
    </Stack>
  );
}

export function ConsentChecks({ phones, ruleDays }: { phones: ConsentPhone[]; ruleDays: number | null }) {
  const t = useT();
  if (phones.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {t("leads.consent.checks")}
      </Typography>
      <Stack component="ul" spacing={1.25} sx={{ m: 0, p: 0 }}>
        {phones.map((p) => (
          <PhoneChecks key={p.phone} phone={p} ruleDays={ruleDays} />
        ))}
      </Stack>
    </Stack>
  );
}
