import { Box } from "@mui/material";
import { CampaignSteps } from "../../steps";
import { SettingsPanel } from "../components/settings-panel";
import { useCampaignOutlet } from "../model/campaign-outlet";

/** The Campaign tab: the steps column and the Settings panel side by side from md up, stacked on a phone. */
export function CampaignTab() {
  const { campaign, edit, editHint } = useCampaignOutlet();
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        alignItems: "start",
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 1fr) 340px", lg: "minmax(0, 1fr) 400px" },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <CampaignSteps campaign={campaign} />
      </Box>
      <SettingsPanel campaign={campaign} onEdit={edit} editHint={editHint} />
    </Box>
  );
}
