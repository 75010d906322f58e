import { Box, Button, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ResourceName } from '#contract/registry.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useResourceList } from '@/data/db/use-resource';
import { DialogShell } from '@/ui/dialog/dialog-shell';

type Props = {
  db: LocalDb;
  open: boolean;
  title: string;
  resource: ResourceName;
  /** The rows that may be picked (not already chosen, active…). */
  choosable: (row: LocalRow) => boolean;
  /** The row's name and a short detail line. */
  label: (row: LocalRow) => string;
  detail?: (row: LocalRow) => string;
  onPick: (row: LocalRow) => void;
  onClose: () => void;
  testId: string;
};

/**
 * A searchable list of live local rows (a library video, a user) to pick one at a time; the
 * search runs over the resource's searchable fields, offline like every list.
 */
export function RecordPickerDialog({
  db,
  open,
  title,
  resource,
  choosable,
  label,
  detail,
  onPick,
  onClose,
  testId,
}: Props) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const rows = useResourceList(db, resource, { search })?.filter(choosable);
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title={title}
      testId={testId}
      scrollBehavior="inside"
      footer={
        <Button variant="outline" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <Stack gap="3">
        <Input
          type="search"
          value={search}
          aria-label={t`Search`}
          placeholder={t`Search`}
          onChange={(e) => setSearch(e.target.value)}
        />
        {rows && rows.length === 0 && (
          <Text color="fg.muted">
            <Trans>No data available</Trans>
          </Text>
        )}
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          {rows?.map((row) => (
            <Box as="li" key={row.id}>
              <Button
                variant="ghost"
                w="full"
                h="auto"
                py="2"
                justifyContent="flex-start"
                textAlign="start"
                whiteSpace="normal"
                onClick={() => onPick(row)}
              >
                <Stack gap="0" align="flex-start">
                  <Text fontWeight="medium" wordBreak="break-word">
                    {label(row)}
                  </Text>
                  {detail && (
                    <Text fontSize="xs" color="fg.muted">
                      {detail(row)}
                    </Text>
                  )}
                </Stack>
              </Button>
            </Box>
          ))}
        </Stack>
      </Stack>
    </DialogShell>
  );
}
