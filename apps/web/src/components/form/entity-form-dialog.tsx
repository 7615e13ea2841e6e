import { Dialog, type DialogProps } from "@mui/material";
import { Fragment, type ReactNode, useId, useMemo, useRef } from "react";
import { type FormSession, FormSessionContext } from "./form-session";
import { useLastOpenValue } from "./use-last-open-value";
import { useOpening } from "./use-opening";

export interface EntityFormDialogProps<E> {
  open: boolean;
  onClose: () => void;
  /** The record to edit; none creates one. */
  entity?: E;
  /** What makes a fresh form besides a new opening, from the entity shown; default its `id`. */
  entityKey?: (entity: E | undefined) => string | number;
  maxWidth?: DialogProps["maxWidth"];
  /** The form (useEntityForm + EntityForm), mounted afresh per opening and per entity. */
  children: (entity: E | undefined) => ReactNode;
}

const idOf = (entity: unknown) => (entity && typeof entity === "object" && "id" in entity ? String(entity.id) : undefined);

/**
 * A create/edit dialog whose form body is keyed by the opening and the entity: the form's defaults apply as it
 * mounts, so no effect resets it per opening. While the dialog fades out after the page has let go of the entity,
 * the body keeps showing the one it was opened with.
 */
export function EntityFormDialog<E>({ open, onClose, entity, entityKey, maxWidth, children }: EntityFormDialogProps<E>) {
  const shown = useLastOpenValue(open, entity);
  const opening = useOpening(open);
  const titleId = useId();
  const busy = useRef(false);
  const session = useMemo<FormSession>(() => ({ close: onClose, titleId, busy }), [onClose, titleId]);

  return (
    <Dialog open={open} onClose={() => busy.current || onClose()} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <FormSessionContext.Provider value={session}>
        <Fragment key={`${opening}:${entityKey ? entityKey(shown) : (idOf(shown) ?? "new")}`}>{children(shown)}</Fragment>
      </FormSessionContext.Provider>
    </Dialog>
  );
}
