import { zodResolver } from "@hookform/resolvers/zod";
import type { TestSendResult } from "@leadflow/contracts";
import { type BaseSyntheticEvent, useEffect, useState } from "react";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { useFormSession } from "../../../../components/form/form-session";
import { describeFailure } from "../../../../components/form/server-errors";

/**
 * A test dialog's form: the contract's fields, checked before sending; Send keeps the dialog open and shows the
 * answer, a 422 goes under its fields and anything else (a 429 past the daily limit) into the alert.
 */
export function useTestForm<V extends FieldValues>(schema: z.ZodType<V, V>, defaults: V, send: (values: V) => Promise<TestSendResult>) {
  const session = useFormSession();
  const form = useForm<V, unknown, V>({ resolver: zodResolver(schema), mode: "onTouched", defaultValues: defaults as DefaultValues<V> });
  const [result, setResult] = useState<TestSendResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const busy = session.busy;
  useEffect(() => {
    busy.current = pending;
  }, [busy, pending]);

  const onSend = form.handleSubmit(async (values) => {
    setResult(null);
    setFailure(null);
    setPending(true);
    try {
      setResult(await send(values));
    } catch (e) {
      const { fields, alert } = describeFailure(e, Object.keys(defaults));
      for (const [field, message] of Object.entries(fields)) form.setError(field as Path<V>, { type: "server", message });
      setFailure(alert);
    } finally {
      setPending(false);
    }
  });
  return {
    form,
    result,
    failure,
    pending,
    close: session.close,
    titleId: session.titleId,
    onSubmit: (e: BaseSyntheticEvent) => {
      e.preventDefault();
      if (!pending) void onSend(e);
    },
  };
}
