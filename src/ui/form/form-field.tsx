import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = {
  /** The field's name: `data-field` lets a form take the admin to its first problem. */
  name: string;
  label: ReactNode;
  children: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  helper?: ReactNode;
  /** Already in the admin's language (useZodForm's errorOf, translateIssue). */
  error?: string | null;
  /** Marks the field wrong when the message is shown elsewhere (one line under the form). */
  invalid?: boolean;
  gridColumn?: string;
  /** For a control that names itself by aria-labelledby (a radio group). */
  labelId?: string;
};

/** Label with its required mark, the control, a helper line and the inline error. */
export function FormField({
  name,
  label,
  children,
  required,
  readOnly,
  helper,
  error,
  invalid,
  gridColumn,
  labelId,
}: Props) {
  return (
    <Field.Root
      invalid={invalid ?? !!error}
      required={required}
      readOnly={readOnly}
      data-field={name}
      gridColumn={gridColumn}
    >
      <Field.Label id={labelId}>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
