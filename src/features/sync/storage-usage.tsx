import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

type Estimate = { usage: number; quota: number };

/** How much of the browser's storage allowance the console uses here (quota errors start at the top). */
export function StorageUsage() {
  const { i18n } = useLingui();
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  useEffect(() => {
    let live = true;
    globalThis.navigator?.storage
      ?.estimate?.()
      .then((e) => live && setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0 }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!estimate || !estimate.quota) return null;
  const mb = (bytes: number) =>
    i18n.number(bytes / 1_000_000, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  const used = mb(estimate.usage);
  const total = mb(estimate.quota);
  const share = i18n.number(estimate.usage / estimate.quota, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="storage-usage">
      <Trans>
        Storage on this device: {used} of {total} used ({share})
      </Trans>
    </Text>
  );
}
