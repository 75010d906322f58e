import { Field, HStack, Input } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { DateRange } from '#contract/reports.ts';

/** From / to: two native date inputs (a phone's own picker), both days inclusive. */
export function DateRangeFields({
  value,
  onChange,
  invalid,
}: {
  value: DateRange;
  onChange: (next: DateRange) => void;
  /** The message of a refused range, shown under the end date. */
  invalid?: string | null;
}) {
  return (
    <HStack gap="2" align="start" wrap="wrap" role="group" data-testid="date-range">
      <Field.Root w={{ base: 'calc(50% - 0.25rem)', sm: '11rem' }}>
        <Field.Label fontSize="sm">
          <Trans>From</Trans>
        </Field.Label>
        <Input
          type="date"
          size="sm"
          value={value.from}
          max={value.to}
          onChange={(e) => e.target.value && onChange({ ...value, from: e.target.value })}
        />
      </Field.Root>
      <Field.Root w={{ base: 'calc(50% - 0.25rem)', sm: '11rem' }} invalid={!!invalid}>
        <Field.Label fontSize="sm">
          <Trans>To</Trans>
        </Field.Label>
        <Input
          type="date"
          size="sm"
          value={value.to}
          min={value.from}
          onChange={(e) => e.target.value && onChange({ ...value, to: e.target.value })}
        />
        {invalid && <Field.ErrorText>{invalid}</Field.ErrorText>}
      </Field.Root>
    </HStack>
  );
}
