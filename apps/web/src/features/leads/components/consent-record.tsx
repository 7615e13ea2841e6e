import { CertificateStatusLabels, type ConsentRecord } from "@leadflow/contracts";
import { Box, Chip, type ChipProps, Link, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { formatDateTime } from "../../../lib/format";
import { dataKey, useT } from "../../../lib/i18n";

const CERTIFICATE_COLORS: Record<string, ChipProps["color"]> = {
  verified: "success",
  mismatch: "error",
  expired: "warning",
  not_found: "error",
  error: "warning",
};

/** A certificate's verdict as a chip: green verified, red or amber otherwise, grey while not checked. */
function CertificateChip({ record }: { record: ConsentRecord }) {
  const t = useT();
  const status = record.certificate_status;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status ? (CERTIFICATE_COLORS[status] ?? "default") : "default"}
      label={status ? CertificateStatusLabels[status] : t("leads.consent.unchecked")}
      title={
        record.certificate_checked_at ? t("leads.consent.checkedAt", { date: formatDateTime(record.certificate_checked_at) }) : undefined
      }
    />
  );
}

/** A fact of the record; one the capture did not carry is left out (the capture time says "not given"). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </>
  );
}

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

function External({ href, children }: { href: string; children: ReactNode }) {
  return isWebLink(href) ? (
    <Link href={href} target="_blank" rel="noopener noreferrer" underline="hover">
      {children}
    </Link>
  ) : (
    children
  );
}

/** One consent record: where and when it was given, and each certificate with its verdict and link. */
export function ConsentRecordView({ record, n, latest }: { record: ConsentRecord; n: number; latest: boolean }) {
  const t = useT();
  return (
    <Box component="li" sx={{ borderTop: 1, borderColor: "divider", pt: 1.5, listStyle: "none" }} data-consent-record={record.id}>
      <Stack direction="row" sx={{ gap: 1, alignItems: "center", flexWrap: "wrap", mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t("leads.consent.record", { n })}
        </Typography>
        {latest && <Chip size="small" label={t("leads.consent.latest")} />}
        <Chip
          size="small"
          variant="outlined"
          color={record.is_proof ? "success" : "default"}
          label={t(record.is_proof ? "leads.consent.isProof" : "leads.consent.notProof")}
        />
      </Stack>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: "grid",
          gridTemplateColumns: { xs: "104px minmax(0, 1fr)", sm: "150px minmax(0, 1fr)" },
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        <Fact label={t("leads.consent.capturedAt")}>
          {record.captured_at ? (
            formatDateTime(record.captured_at)
          ) : (
            <Box component="span" sx={{ color: "text.secondary" }}>
              {t("leads.consent.notGiven")}
            </Box>
          )}
        </Fact>
        <Fact label={t("leads.consent.page")}>{record.page_url && <External href={record.page_url}>{record.page_url}</External>}</Fact>
        <Fact label={t("leads.consent.ip")}>{record.ip}</Fact>
        <Fact label={t("leads.consent.userAgent")}>{record.user_agent}</Fact>
        <Fact label={t("leads.consent.language")}>{record.language}</Fact>
        <Fact label={t("leads.consent.seller")}>{record.seller}</Fact>
        <Fact label={t("leads.consent.origin")}>{t(dataKey("leads.consent.origin", record.origin))}</Fact>
        {record.evidence && <Fact label={t("leads.consent.evidence")}>{record.evidence}</Fact>}
        {record.trusted_form_cert_url && (
          <Fact label={t("leads.consent.trustedForm")}>
            <Stack direction="row" sx={{ gap: 1, alignItems: "center", flexWrap: "wrap" }}>
              <CertificateChip record={record} />
              <External href={record.trusted_form_cert_url}>{record.trusted_form_cert_url}</External>
            </Stack>
          </Fact>
        )}
        {record.leadid_token && (
          <Fact label={t("leads.consent.jornaya")}>
            <Stack direction="row" sx={{ gap: 1, alignItems: "center", flexWrap: "wrap" }}>
              <CertificateChip record={record} />
              <span>{record.leadid_token}</span>
            </Stack>
          </Fact>
        )}
      </Box>
    </Box>
  );
}
