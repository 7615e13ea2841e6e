import { Avatar } from "@mui/material";
import { initials } from "../../lib/format";

const colors = ["#4353e0", "#0e9f8e", "#d9480f", "#7048e8", "#1971c2", "#c2255c"];

/** Initials on a colour fixed per user id, so one person looks the same everywhere. */
export function UserAvatar({ id, name, size = 32 }: { id: number; name: string; size?: number }) {
  return (
    <Avatar sx={{ width: size, height: size, fontSize: size * 0.4, fontWeight: 700, bgcolor: colors[id % colors.length] }}>
      {initials(name)}
    </Avatar>
  );
}
