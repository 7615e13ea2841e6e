import { Box, Typography } from "@mui/material";
import { docParagraphs } from "../model/doc-text";

/**
 * The server's description as text: blank lines make paragraphs and `backticks` make code. Nothing is parsed
 * as HTML; the pieces are React text nodes.
 */
export function DocText({ text }: { text: string }) {
  return (
    <>
      {docParagraphs(text).map((p) => (
        <Typography key={p.key} variant="body2" sx={{ mb: 1.25, "&:last-of-type": { mb: 0 } }}>
          {p.pieces.map((piece) =>
            piece.code ? (
              <Box
                key={piece.key}
                component="code"
                sx={{ fontFamily: "monospace", fontSize: "0.8125rem", px: 0.5, borderRadius: 0.5, bgcolor: "action.hover" }}
              >
                {piece.text}
              </Box>
            ) : (
              <span key={piece.key}>{piece.text}</span>
            ),
          )}
        </Typography>
      ))}
    </>
  );
}
