import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useReasonText } from '@/features/user-import/use-reason-text';
import type { InvalidRow } from '@/features/user-import/validate-rows';

const ROW_PX = 72;
const PLAIN_UP_TO = 100;

/** The rows that cannot be created, with all their reasons; long lists are virtualized. */
export function FailingRows({ rows }: { rows: InvalidRow[] }) {
  return (
    <Stack gap="2" as="section" data-testid="import-failing-rows">
      <Heading as="h2" size="sm">
        <Trans>Rows that cannot be created</Trans>
      </Heading>
      {rows.length <= PLAIN_UP_TO ? (
        <Box borderWidth="1px" borderRadius="md" role="list">
          {rows.map((row) => (
            <FailingRow key={row.row} row={row} />
          ))}
        </Box>
      ) : (
        <VirtualRows rows={rows} />
      )}
    </Stack>
  );
}

function VirtualRows({ rows }: { rows: InvalidRow[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 8,
  });
  return (
    <Box ref={scroller} maxH="24rem" overflowY="auto" borderWidth="1px" borderRadius="md" role="list">
      <Box position="relative" h={`${virtual.getTotalSize()}px`}>
        {virtual.getVirtualItems().map((item) => (
          <Box
            key={item.key}
            ref={virtual.measureElement}
            data-index={item.index}
            position="absolute"
            top="0"
            left="0"
            w="full"
            transform={`translateY(${item.start}px)`}
          >
            <FailingRow row={rows[item.index]!} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function FailingRow({ row }: { row: InvalidRow }) {
  const { reason } = useReasonText();
  const rowNo = row.row;
  const who = [row.employeeId, row.name].filter(Boolean).join(' · ');
  return (
    <Box role="listitem" px="3" py="2" borderBottomWidth="1px" data-testid="import-failing-row">
      <Text fontWeight="semibold" fontSize="sm">
        <Trans>Row {rowNo}</Trans>
        {who ? ` · ${who}` : ''}
      </Text>
      <Box as="ul" fontSize="sm" color="fg.error" ps="4" listStyleType="disc">
        {row.reasons.map((r) => {
          const text = reason(r);
          return <li key={text}>{text}</li>;
        })}
      </Box>
    </Box>
  );
}
