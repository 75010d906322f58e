import { Button, HStack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** Previous / "Page n of m" / Next below a server-paged report; nothing when it fits one page. */
export function ReportPager({
  page,
  total,
  perPage,
  onPage,
}: {
  page: number;
  total: number;
  perPage: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <HStack justify="center" gap="3">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </Button>
      <Text fontSize="sm">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </Button>
    </HStack>
  );
}
