import type { Campaign } from "@leadflow/contracts";
import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import { Box, Stack, Tooltip, Typography } from "@mui/material";
import { useT } from "../../../../lib/i18n";
import { isLocked } from "../../model/campaign-form";
import type { SettingSection } from "../model/settings-sections";

/** The Settings panel's read-only groups: a heading each, then label and value pairs (a lock on started-locked fields). */
export function SettingsList({ campaign, sections }: { campaign: Campaign; sections: SettingSection[] }) {
  const t = useT();
  return (
    <Stack spacing={2}>
      {sections.map((section) => (
        <Box key={section.title} component="section">
          <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: "block", lineHeight: 2 }}>
            {t(section.title)}
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, display: "grid", gridTemplateColumns: "minmax(0, 11fr) minmax(0, 13fr)", columnGap: 2, rowGap: 0.75 }}
          >
            {section.rows.map((row) => (
              <Box key={row.label} sx={{ display: "contents" }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(row.label)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: "anywhere" }}>
                  {row.value}
                  {row.field && isLocked(campaign, row.field) && (
                    <Tooltip title={t("campaigns.form.lockedHint")}>
                      <LockOutlinedIcon
                        aria-label={t("campaigns.form.lockedHint")}
                        sx={{ fontSize: 14, ml: 0.5, verticalAlign: "-2px", color: "text.secondary" }}
                      />
                    </Tooltip>
                  )}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
