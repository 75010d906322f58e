import { chakra } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

type Props = { group: string; name: string; checked: boolean; onSelect: () => void };

/** Single selection (spec section 5): one radio group per list, so only one record is selected. */
export function SelectRadio({ group, name, checked, onSelect }: Props) {
  const { t } = useLingui();
  return (
    <chakra.input
      type="radio"
      name={group}
      checked={checked}
      onChange={onSelect}
      onClick={(e) => e.stopPropagation()}
      aria-label={t`Select ${name}`}
      boxSize="4"
      cursor="pointer"
      accentColor="colorPalette.solid"
    />
  );
}
