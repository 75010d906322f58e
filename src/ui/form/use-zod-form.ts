import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { translateIssue } from '@/ui/form/validation-messages';

type Options<In extends FieldValues, Out extends FieldValues> = Omit<
  UseFormProps<In, unknown, Out>,
  'resolver'
> & {
  /** The form's own rules: the key a schema puts in an issue -> its catalog message. */
  messages?: Readonly<Record<string, MessageDescriptor>>;
};

/**
 * react-hook-form checked by a zod schema, usually the contract's own request schema. Errors keep
 * the schema's message; `errorOf` gives it in the admin's language (the form's own `messages`,
 * then the contract table of validation-messages), so a message on screen follows a language change.
 */
export function useZodForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  { messages, ...options }: Options<In, Out> = {},
) {
  const { i18n } = useLingui();
  const form = useForm<In, unknown, Out>({ ...options, resolver: zodResolver(schema) });
  const errorOf = (name: Path<In>): string | undefined => {
    const message = (get(form.formState.errors, name) as FieldError | undefined)?.message;
    if (typeof message !== 'string' || !message) return undefined;
    const own = messages?.[message];
    return own ? i18n._(own) : translateIssue(i18n, message);
  };
  return { ...form, errorOf };
}
