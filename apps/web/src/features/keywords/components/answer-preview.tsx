import type { RenderedAnswer, SystemKeywordAction } from "@leadflow/contracts";
import { Box, Stack, Typography } from "@mui/material";
import { useT } from "../../../lib/i18n";
import { SmsCounter } from "./response-field";

/** One system answer as the phone will show it, with its length, and why it is not quite what was typed. */
export function AnswerPreview({ action, answer, shortened }: { action: SystemKeywordAction; answer: RenderedAnswer; shortened: boolean }) {
  const t = useT();
  return (
    <Stack spacing={0.5} component="li" sx={{ listStyle: "none" }}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {t(`keywords.messaging.answer.${action}`)}
      </Typography>
      {answer.text === "" ? (
        <Typography variant="body2" color="text.secondary">
          {t("keywords.messaging.off")}
        </Typography>
      ) : (
        <>
          <Box sx={{ bgcolor: "action.hover", borderRadius: 2, px: 1.5, py: 1, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            <Typography variant="body2">{answer.text}</Typography>
          </Box>
          <SmsCounter text={answer.text} rendered />
          {!answer.fits && (
            <Typography variant="caption" color="error">
              {t("keywords.messaging.tooLong")}
            </Typography>
          )}
          {answer.fits && shortened && (
            <Typography variant="caption" color="warning.main">
              {t("keywords.messaging.shortened", { brand: answer.brand })}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}
