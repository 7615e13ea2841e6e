import { createContext, type RefObject, useContext } from "react";

/** What a form inside an EntityFormDialog needs of the dialog around it. */
export interface FormSession {
  close: () => void;
  /** The dialog's title id (its accessible name). */
  titleId: string;
  /** While true, Escape and the backdrop leave the dialog open: a save is under way. */
  busy: RefObject<boolean>;
}

export const FormSessionContext = createContext<FormSession | null>(null);

export function useFormSession(): FormSession {
  const session = useContext(FormSessionContext);
  if (!session) throw new Error("A form body renders inside an EntityFormDialog.");
  return session;
}
