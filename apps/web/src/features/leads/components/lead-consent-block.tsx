import type { LeadConsent } from "@leadflow/contracts";
import FileDownloadIcon from "@mui/icons-material/FileDownloadOutlined";
import { Alert, Button, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useT } from "../../../lib/i18n";
import { leadConsentQuery } from "../api/leads.api";
import { ConsentChecks } from "./consent-checks";
import { ConsentRecordView } from "./consent-record";
import { LeadCard } from "./lead-card";

/** What a consent-proof campaign would say of the lead today. */
function ProofLine({ proof }: { proof: LeadConsent["proof"] }) {
  const t = useT();
  return (
    <Alert severity={proof.ok ? "success" : "warning"} variant="outlined" sx={{ mb: 1.5, py: 0 }}>
      {proof.ok ? t("leads.consent.proofOk") : t("leads.consent.proofMissing", { reason: proof.label ?? "" })}
    </Alert>
  );
}

/** The lead page's Consent block: the proof verdict, every record (newest first), and the phones' DNC and RND checks. */
export function LeadConsentBlock({ leadId, onDownload }: { leadId: number; onDownload: () => void }) {
  const t = useT();
  const consent = useQuery(leadConsentQuery(leadId));
  const action = (
    <Button size="small" startIcon={<FileDownloadIcon />} onClick={onDownload}>
      {t("leads.consent.download")}
    </Button>
  );
  return (
    <LeadCard title={t("leads.consent")} id="lead-consent" actions={action}>
      {consent.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : consent.isError ? (
        <Typography variant="body2" color="error">
          {t("leads.consent.error")}
        </Typography>
      ) : (
        <>
          {consent.data.records.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t("leads.consent.empty")}
            </Typography>
          ) : (
            <>
              <ProofLine proof={consent.data.proof} />
              <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0 }}>
                {consent.data.records.map((r, i) => (
                  <ConsentRecordView key={r.id} record={r} n={consent.data.records.length - i} latest={i === 0} />
                ))}
              </Stack>
            </>
          )}
          <ConsentChecks phones={consent.data.phones} ruleDays={consent.data.dnc_max_age_days} />
        </>
      )}
    </LeadCard>
  );
}
