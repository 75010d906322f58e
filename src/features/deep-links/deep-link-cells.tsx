import { Badge, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { type DeepLinkTarget, deepLinkPath } from '#contract/resources/deep-link.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useResourceRecord } from '@/data/db/use-resource';
import { shortUrl, TARGET_LABELS } from '@/features/deep-links/target-kinds';
import { StrokeIcon } from '@/ui/icons';

const QR_PATH = 'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h3v3h-3zM18 18h3v3h-3zM14 20h1M20 14h1';
export const QrIcon = () => <StrokeIcon path={QR_PATH} boxSize="4" />;

/**
 * The short link's path (`/l/{code}`), the whole link on hover; the QR code, copy and download
 * are the row's action.
 */
export function CodeCell({ row }: { db: LocalDb; row: LocalRow }) {
  const code = String(row.code ?? '');
  return (
    <Text lineClamp={1} title={shortUrl(code)} fontFamily="mono" fontSize="sm" wordBreak="break-all">
      {deepLinkPath(code)}
    </Text>
  );
}

/** What the link opens: its kind, then the record's title (or that it was removed). */
export function TargetCell({ db, row }: { db: LocalDb; row: LocalRow }) {
  const { i18n, t } = useLingui();
  const kind = String(row.targetKind ?? '') as DeepLinkTarget;
  const label = TARGET_LABELS[kind];
  const target = useResourceRecord(
    db,
    label ? kind : 'Topic',
    label ? String(row.targetId ?? '') : undefined,
  );
  const title = target ? String(target.title ?? '') : target === null ? t`(removed)` : '';
  return (
    <HStack gap="2" minW="0">
      {label && (
        <Badge size="sm" variant="surface" flexShrink="0">
          {i18n._(label)}
        </Badge>
      )}
      <Text lineClamp={1} minW="0" title={title} color={target === null ? 'fg.muted' : undefined}>
        {title}
      </Text>
    </HStack>
  );
}
