import { AlertTitle } from "@mui/material";
import { errorMessage } from "../../lib/errors";

/** The product's delete failure text ('Removing sources error', …) as the title, the server's reason below it. */
export function DeleteError({ title, error }: { title: string; error: unknown }) {
  if (!error) return null;
  const reason = errorMessage(error);
  return (
    <>
      <AlertTitle sx={{ mb: reason ? 0.25 : 0 }}>{title}</AlertTitle>
      {reason !== title && reason}
    </>
  );
}
