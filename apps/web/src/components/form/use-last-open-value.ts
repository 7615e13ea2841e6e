import { useEffect, useRef } from "react";

/**
 * `value` while `open`; once closed, the value it had when last open. A dialog fades out after the page has let go of
 * its record, and should keep showing that record (its title, its name) until it is gone.
 */
export function useLastOpenValue<T>(open: boolean, value: T): T {
  const last = useRef(value);
  useEffect(() => {
    if (open) last.current = value;
  });
  return open ? value : last.current;
}
