import type { ImportRecord } from "@leadflow/contracts";
import { Alert, Box, Link, Paper, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useAccountPath } from "../../../lib/account-context";
import { formatDateTime } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { ImportCounts } from "./import-counts";
import { ImportOutcomeChart } from "./import-outcome-chart";
import { ImportStatusChip } from "./import-status-chip";

/** The file page's head: name, status, where it went, every count and a donut of the outcome. */
export function ImportSummary({ record }: { record: ImportRecord }) {
  const t = useT();
  const p = useAccountPath();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, mb: 3 }}>
      <Stack direction={{ xs: "column", lg: "row" }} spacing={3} sx={{ alignItems: { lg: "center" } }}>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <Box>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
              <Typography variant="h6" component="h2" sx={{ wordBreak: "break-all" }}>
                {record.name}
              </Typography>
              <ImportStatusChip status={record.status} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {record.source && record.list ? (
                <>
                  <Link component={RouterLink} to={p(`sources/${record.source.id}`)} underline="hover">
                    {record.source.name}
                  </Link>
                  {" › "}
                  <Link component={RouterLink} to={p(`sources/${record.source.id}/${record.list.id}`)} underline="hover">
                    {record.list.name}
                  </Link>
                  {" · "}
                </>
              ) : null}
              {t("importFile.updated", { date: formatDateTime(record.updated_at) })}
            </Typography>
          </Box>
          {record.status === "failed" && record.message && <Alert severity="error">{record.message}</Alert>}
          <ImportCounts
            record={record}
            columns={{ xs: 2, sm: 4 }}
            keys={[
              "total_rows",
              "processed_count",
              "unique_count",
              "duplicates_count",
              "failed_count",
              "skipped_count",
              "ignored_phones_count",
              "invalid_phones_count",
            ]}
          />
        </Stack>
        <ImportOutcomeChart record={record} />
      </Stack>
    </Paper>
  );
}
