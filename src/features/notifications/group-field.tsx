import { Fieldset } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A group of checkboxes or radios under one legend: a Field would give every box the same id,
 * so each label would toggle the first box.
 */
export function GroupField(props: { name: string; label: ReactNode; error?: string; children: ReactNode }) {
  return (
    <Fieldset.Root invalid={!!props.error} data-field={props.name}>
      <Fieldset.Legend>{props.label}</Fieldset.Legend>
      {props.children}
      <Fieldset.ErrorText>{props.error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
