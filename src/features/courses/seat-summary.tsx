import { HStack, Stat } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** Spec section 3: limitation / enrolled / remaining, counted from the local rows. */
export function SeatSummary({ limit, taken }: { limit: number; taken: number | undefined }) {
  const { t, i18n } = useLingui();
  const n = (v: number | undefined) => (v === undefined ? '…' : i18n.number(v));
  const stats = [
    { id: 'limit', label: t`Seat limit`, value: limit > 0 ? n(limit) : t`No limit` },
    { id: 'enrolled', label: t`Enrolled`, value: n(taken) },
    {
      id: 'remaining',
      label: t`Remaining`,
      value: limit > 0 ? n(taken === undefined ? undefined : Math.max(0, limit - taken)) : '—',
    },
  ];
  return (
    <HStack gap="3" wrap="wrap" as="dl" data-testid="seat-summary">
      {stats.map((s) => (
        <Stat.Root key={s.id} borderWidth="1px" rounded="md" p="3" minW="28" flex="1" data-stat={s.id}>
          <Stat.Label as="dt">{s.label}</Stat.Label>
          <Stat.ValueText as="dd">{s.value}</Stat.ValueText>
        </Stat.Root>
      ))}
    </HStack>
  );
}
