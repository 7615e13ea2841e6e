import type { LookupJob } from "@leadflow/contracts";
import { Box, Link, Typography } from "@mui/material";
import { Fragment } from "react";
import { Link as RouterLink } from "react-router";
import { useAccountPath } from "../../../lib/account-context";
import { useT } from "../../../lib/i18n";
import { type LocationPart, lookupLocation } from "../model/lookup-location";

function Parts({ parts, strong }: { parts: LocationPart[]; strong?: boolean }) {
  const t = useT();
  const p = useAccountPath();
  return parts.map((part, i) => (
    <Fragment key={part.to}>
      {i > 0 && (
        <Box component="span" sx={{ color: "text.disabled", mx: 0.5 }}>
          ›
        </Box>
      )}
      <Link
        component={RouterLink}
        to={p(part.to)}
        underline="hover"
        color={strong ? "primary" : "inherit"}
        sx={{ fontWeight: strong ? 600 : 400, wordBreak: "break-word" }}
      >
        {"text" in part.label ? part.label.text : t(part.label.key, part.label.vars)}
      </Link>
    </Fragment>
  ));
}

/** Location: the segment, the lead, the import file, or the source › list the lookup covers, as links. */
export function LookupLocationCell({ job }: { job: LookupJob }) {
  const { primary, secondary } = lookupLocation(job);
  if (primary.length === 0) return <>-</>;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" component="div">
        <Parts parts={primary} strong />
      </Typography>
      {secondary.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="div">
          <Parts parts={secondary} />
        </Typography>
      )}
    </Box>
  );
}
