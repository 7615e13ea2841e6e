import ErrorOutlineOutlinedIcon from "@mui/icons-material/ErrorOutlineOutlined";
import SearchOffOutlinedIcon from "@mui/icons-material/SearchOffOutlined";
import { Box, Button, Skeleton, Stack } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../../lib/api-client";
import { errorMessage } from "../../lib/errors";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../empty-state/empty-state";

export const isNotFound = (e: unknown) => e instanceof ApiError && e.status === 404;

/** A page whose record failed to load: a friendly not-found with a way back, or the error with a retry. */
export function PageLoadError({
  error,
  notFound = isNotFound(error),
  notFoundTitle,
  notFoundText,
  backTo,
  backLabel,
  onRetry,
}: {
  error: unknown;
  /** Defaults to "the server said 404"; pass true for an id that cannot exist (`sources/abc`). */
  notFound?: boolean;
  notFoundTitle: string;
  notFoundText: string;
  backTo: string;
  backLabel: string;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <EmptyState
      icon={notFound ? <SearchOffOutlinedIcon /> : <ErrorOutlineOutlinedIcon color="error" />}
      title={notFound ? notFoundTitle : t("table.loadError")}
      text={notFound ? notFoundText : errorMessage(error)}
      action={
        <Stack direction="row" spacing={1} sx={{ justifyContent: "center" }}>
          {!notFound && (
            <Button variant="outlined" onClick={onRetry}>
              {t("table.retry")}
            </Button>
          )}
          <Button variant={notFound ? "contained" : "text"} component={RouterLink} to={backTo}>
            {backLabel}
          </Button>
        </Stack>
      }
    />
  );
}

/** Header placeholder while the record loads, the same height as the real one. */
export function HeaderSkeleton({ counts }: { counts: number }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Skeleton variant="text" width={260} sx={{ fontSize: "1.625rem" }} />
      <Box
        sx={{ mt: 2, display: "grid", gap: 1.5, gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: `repeat(${counts}, minmax(0, 180px))` } }}
      >
        {Array.from({ length: counts }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} variant="rounded" height={64} />
        ))}
      </Box>
    </Box>
  );
}
