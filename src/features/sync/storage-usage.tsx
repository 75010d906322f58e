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
  if (!estimate?.quota) return null;
  const size = (bytes: number) => {
    const [unit, scale] =
      bytes >= 1e9 ? ['gigabyte', 1e9] : bytes >= 1e6 ? ['megabyte', 1e6] : ['kilobyte', 1e3];
    return i18n.number(bytes / (scale as number), {
      style: 'unit',
      unit: unit as string,
      maximumFractionDigits: 1,
    });
  };
  const used = size(estimate.usage);
  const total = size(estimate.quota);
  const share = i18n.number(estimate.usage / estimate.quota, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="storage-usage">
      <Trans>
        Storage on this device: {used} of {total} used ({share})
      </Trans>
    </Text>
  );
}
