import { Box, Image } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { LocalDb } from '@/data/db/local-db';
import { RefText } from '@/ui/resource/fields/ref-select';
import { RefsText } from '@/ui/resource/fields/refs-field';
import { useFileUrl } from '@/ui/resource/fields/use-file-url';
import { displayText } from '@/ui/resource/list/display-text';
import type { AnyView } from '@/ui/resource/view-config';

type Props = { view: AnyView; db: LocalDb; field: string; value: unknown; lines?: number; wide?: boolean };

function Thumbnail({ db, value, wide }: { db: LocalDb; value: string; wide?: boolean }) {
  const src = useFileUrl(db, value);
  return (
    <Box
      w={wide ? 'full' : '16'}
      aspectRatio="16 / 9"
      bg="bg.muted"
      rounded={wide ? '0' : 'sm'}
      overflow="hidden"
      flexShrink="0"
    >
      {src && <Image src={src} alt="" w="full" h="full" objectFit="cover" loading="lazy" />}
    </Box>
  );
}

const CLAMP = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  wordBreak: 'break-word',
} as const;

/** One field's value in a list cell or a card. */
export function CellValue({ view, db, field, value, lines = 1, wide }: Props) {
  const { i18n } = useLingui();
  const widget = view.fields[field]?.widget;
  if (widget?.kind === 'image') return <Thumbnail db={db} value={String(value ?? '')} wide={wide} />;
  if (widget?.kind === 'ref')
    return (
      <RefText db={db} resource={widget.resource} labelFields={widget.labelFields} id={String(value ?? '')} />
    );
  if (widget?.kind === 'refs')
    return (
      <RefsText
        db={db}
        resource={widget.resource}
        labelFields={widget.labelFields}
        ids={value}
        noneLabel={i18n._(widget.noneLabel)}
      />
    );
  const text = displayText(i18n, view, field, value);
  // A plain element: one per cell of every row drawn (see list-styles.ts).
  return (
    <p title={text} style={{ ...CLAMP, WebkitLineClamp: lines }}>
      {text}
    </p>
  );
}
