import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = Omit<InputProps, 'onChange'> & {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
};

export function TextField({ label, value, onChange, error, required, ...input }: Props) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>{label}</Field.Label>
      <Input value={value} onChange={(e) => onChange(e.target.value)} {...input} />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
