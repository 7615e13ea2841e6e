import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import { type BaseSyntheticEvent, useEffect, useState } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { useFormSession } from "./form-session";
import { describeFailure, type ServerFieldMap } from "./server-errors";

type Validation<V extends FieldValues, O> =
  /** The contract's schema (or a form schema built from it). */
  | { schema: z.ZodType<O, V>; resolver?: undefined }
  /** A form whose fields are not the request's (gateways, lookups): its own check. */
  | { resolver: Resolver<V, unknown, O>; schema?: undefined };

export type EntityFormOptions<V extends FieldValues, O, R> = Validation<V, O> & {
  /** The values the form starts with, read once as it mounts (EntityFormDialog mounts it per opening). */
  defaults: V;
  submit: (values: O) => Promise<R>;
  /** The toast after saving: a text, or one made from the answer (the server's `message`). */
  success?: string | ((result: R) => string);
  onSaved?: (result: R) => void;
  /** Where a 422's `errors` show; default the keys that are top-level fields of `defaults`. */
  serverFields?: ServerFieldMap;
};

export interface EntityFormApi<V extends FieldValues, O> {
  form: UseFormReturn<V, unknown, O>;
  /** Validates, saves, toasts and closes; a failure goes under its fields or into the alert. */
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  /** Another action on the validated values (Test connection): its failures show as a save's do. */
  action: (run: (values: O) => Promise<void>) => (e?: BaseSyntheticEvent) => Promise<void>;
  formError: string | null;
  setFormError: (message: string | null) => void;
  /** A save is under way. */
  pending: boolean;
  close: () => void;
}

/**
 * The form of a create/edit dialog: react-hook-form checked by the contract's zod schema, the server's 422 on its
 * fields, a pending state, a success toast, and closing. Render it with EntityForm inside an EntityFormDialog.
 */
export function useEntityForm<V extends FieldValues, O, R>(options: EntityFormOptions<V, O, R>): EntityFormApi<V, O> {
  const { defaults, submit, success, onSaved } = options;
  const session = useFormSession();
  const { enqueueSnackbar } = useSnackbar();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm<V, unknown, O>({
    resolver: options.resolver ?? zodResolver(options.schema as z.ZodType<O, V>),
    mode: "onTouched",
    defaultValues: defaults as DefaultValues<V>,
  });
  const busy = session.busy;
  useEffect(() => {
    busy.current = pending;
  }, [busy, pending]);

  const fail = (e: unknown) => {
    const { fields, alert } = describeFailure(e, options.serverFields ?? Object.keys(defaults));
    for (const [field, message] of Object.entries(fields)) form.setError(field as Path<V>, { type: "server", message });
    setFormError(alert);
  };

  const action: EntityFormApi<V, O>["action"] = (run) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      try {
        await run(values);
      } catch (e) {
        fail(e);
      }
    });

  const onSubmit = action(async (values) => {
    setPending(true);
    try {
      const result = await submit(values);
      const text = typeof success === "function" ? success(result) : success;
      if (text) enqueueSnackbar(text, { variant: "success" });
      onSaved?.(result);
      session.close();
    } finally {
      setPending(false);
    }
  });

  return { form, onSubmit, action, formError, setFormError, pending, close: session.close };
}
