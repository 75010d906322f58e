import { useLingui } from '@lingui/react/macro';

type Props = { group: string; name: string; checked: boolean; onSelect: () => void };

/**
 * Single selection (spec section 5): one radio group per list, so only one record is selected.
 * A plain input styled by its list's container (`.lac-radio` in list-styles.ts): one per row.
 */
export function SelectRadio({ group, name, checked, onSelect }: Props) {
  const { t } = useLingui();
  return (
    <input
      type="radio"
      className="lac-radio"
      name={group}
      checked={checked}
      onChange={onSelect}
      onClick={(e) => e.stopPropagation()}
      aria-label={t`Select ${name}`}
    />
  );
}
