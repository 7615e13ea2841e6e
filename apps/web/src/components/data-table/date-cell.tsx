import { Box } from "@mui/material";
import { formatDateTime } from "../../lib/format";

/** A date column's cell: date and time stay whole, and a narrow column wraps between them. */
export function DateCell({ value }: { value: string }) {
  const [date, ...time] = formatDateTime(value).split(" ");
  return (
    <>
      <Box component="span" sx={{ whiteSpace: "nowrap" }}>
        {date}
      </Box>{" "}
      <Box component="span" sx={{ whiteSpace: "nowrap" }}>
        {time.join(" ")}
      </Box>
    </>
  );
}
