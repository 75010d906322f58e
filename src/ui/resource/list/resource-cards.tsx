import { Box, Grid } from '@chakra-ui/react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo } from 'react';
import type { RowsProps } from '@/ui/resource/list/list-types';
import { RecordCard } from '@/ui/resource/list/record-card';
import { useListBox, windowRect } from '@/ui/resource/list/use-list-box';

const MIN_CARD_PX = 260;
const GAP_PX = 12;

/** Grid mode, and every list below 430 px: rows of cards, virtualized and measured as they render. */
export const ResourceCards = memo(function ResourceCards(props: RowsProps & { single: boolean }) {
  const { rows, single } = props;
  const box = useListBox<HTMLDivElement>();
  const columns = single ? 1 : Math.max(1, Math.floor((box.width + GAP_PX) / (MIN_CARD_PX + GAP_PX)));
  const lines = Math.ceil(rows.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: lines,
    estimateSize: () => 180,
    overscan: 4,
    gap: GAP_PX,
    scrollMargin: box.top,
    initialRect: windowRect(),
  });

  return (
    <Box
      ref={box.ref}
      position="relative"
      role="list"
      className="lac-rows"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => (
        <Grid
          key={`${item.key}-${columns}`}
          ref={virtualizer.measureElement}
          data-index={item.index}
          position="absolute"
          top="0"
          left="0"
          w="full"
          gap={`${GAP_PX}px`}
          templateColumns={`repeat(${columns}, minmax(0, 1fr))`}
          style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
        >
          {rows.slice(item.index * columns, (item.index + 1) * columns).map((row) => (
            <Box key={row.id} role="listitem">
              <RecordCard {...props} row={row} />
            </Box>
          ))}
        </Grid>
      ))}
    </Box>
  );
});
