import WorkspacePremiumOutlinedIcon from "@mui/icons-material/WorkspacePremiumOutlined";
import { Alert, Box, Button, Chip, Divider, Paper, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { formatNumber } from "../../../components/data-table/format";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { teamPlanQuery } from "../api/plans.api";
import { formatUah, limitUsage, USAGE_KINDS } from "../model/plan-format";
import { PlanUsageBar } from "./plan-usage-bar";

const grid = { display: "grid", gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(4, 1fr)" } };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums" }} component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** The Team page's Plan card: the plan and its monthly price, a bar per limit, free SMS left and what the plan allows. */
export function PlanCard() {
  const t = useT();
  const query = useQuery(teamPlanQuery());
  const data = query.data;

  if (query.isError) {
    return (
      <Alert
        severity="error"
        sx={{ mb: 3 }}
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            {t("common.retry")}
          </Button>
        }
      >
        {t("plans.loadFailed")} {errorMessage(query.error)}
      </Alert>
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-label={t("plans.card.label")} sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderRadius: 2 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: "center", mb: 0.5, flexWrap: "wrap" }}>
        <WorkspacePremiumOutlinedIcon color="primary" />
        <Typography variant="h6" component="h3" sx={{ mr: "auto" }}>
          {data ? t("plans.card.title", { plan: data.plan.name }) : <Skeleton width={160} />}
        </Typography>
        {data ? (
          <Chip color="primary" variant="outlined" label={t("plans.price", { price: formatUah(data.plan.price_uah) })} />
        ) : (
          <Skeleton variant="rounded" width={120} height={32} />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        {t("plans.card.subtitle")}
      </Typography>

      <Box sx={grid}>
        {USAGE_KINDS.map((kind) =>
          data ? <PlanUsageBar key={kind} usage={limitUsage(data, kind)} /> : <Skeleton key={kind} variant="rounded" height={36} />,
        )}
      </Box>

      <Divider sx={{ my: 2.5 }} />
      {data ? (
        <Box sx={grid}>
          <Fact label={t("plans.freeSms")}>
            {t("plans.freeSmsOf", { left: formatNumber(data.usage.free_sms_left), total: formatNumber(data.plan.limits.free_sms) })}
          </Fact>
          <Fact label={t("plans.alphaNames")}>
            {data.plan.limits.alpha_names === null ? t("plans.unlimited") : formatNumber(data.plan.limits.alpha_names)}
          </Fact>
          <Fact label={t("plans.shortUrlDomains")}>
            {data.plan.limits.manage_short_url_domains ? t("plans.allowed") : t("plans.notAllowed")}
          </Fact>
        </Box>
      ) : (
        <Skeleton variant="rounded" height={40} />
      )}
    </Paper>
  );
}
