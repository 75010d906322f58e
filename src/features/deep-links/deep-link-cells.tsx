import { Badge, Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DeepLinkTarget } from '#contract/resources/deep-link.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useResourceRecord } from '@/data/db/use-resource';
import { QrDialog } from '@/features/deep-links/qr-dialog';
import { shortUrl, TARGET_LABELS } from '@/features/deep-links/target-kinds';
import { StrokeIcon } from '@/ui/icons';

const QR_ICON = 'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h3v3h-3zM18 18h3v3h-3zM14 20h1M20 14h1';

/** The short link, with the button that shows its QR code (copy and download are there). */
export function CodeCell({ db, row }: { db: LocalDb; row: LocalRow }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const code = String(row.code ?? '');
  const url = shortUrl(code);
  return (
    // The row's own click selects it; the button and the (portalled) dialog must not.
    <Box minW="0" maxW="full" onClick={(e) => e.stopPropagation()}>
      <HStack gap="2" minW="0">
        <IconButton
          size="xs"
          variant="outline"
          aria-label={t`Show the QR code of ${code}`}
          data-testid="deep-link-qr-button"
          onClick={() => setOpen(true)}
        >
          <StrokeIcon path={QR_ICON} boxSize="4" />
        </IconButton>
        <Text lineClamp={1} title={url} fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {url.replace(/^https?:\/\//, '')}
        </Text>
      </HStack>
      {open && <QrDialog db={db} row={row} onClose={() => setOpen(false)} />}
    </Box>
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
      <Text lineClamp={1} title={title} color={target === null ? 'fg.muted' : undefined}>
        {title}
      </Text>
    </HStack>
  );
}
