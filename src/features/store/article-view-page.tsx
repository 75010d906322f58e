import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { can } from '#contract/permissions.ts';
import type { LocalDb } from '@/data/db/local-db';
import { useLocalDb } from '@/data/db/use-local-db';
import { useResourceRecord } from '@/data/db/use-resource';
import { useSession } from '@/data/session/use-session';
import { PageTrail } from '@/ui/page-trail';
import { LoadingState, NoAccessState } from '@/ui/resource/list/list-states';
import { PageBox } from '@/ui/resource/resource-page';
import { AddToLibrary } from './add-to-library';
import { StoreItemBody } from './store-item-body';
import { KIND_PATHS, STORE_PATH } from './store-paths';

/** /home/store/article/articleview?id=…: one store article to read, and its "Add to library". */
export default function ArticleViewPage() {
  const db = useLocalDb();
  const permissions = useSession()?.permissions;
  let body: React.ReactNode;
  if (!can(permissions, 'store', 'read')) body = <NoAccessState />;
  else if (!db) body = <LoadingState />;
  else body = <ArticleScreen db={db} />;
  return <PageBox>{body}</PageBox>;
}

function ArticleScreen({ db }: { db: LocalDb }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const row = useResourceRecord(db, 'StoreItem', params.get('id') ?? undefined);
  if (row === undefined) return <LoadingState />;
  return (
    <Stack gap="5" maxW="3xl">
      <PageTrail
        crumbs={[
          { label: t`Home` },
          { label: t`Content store`, to: STORE_PATH },
          { label: t`Articles`, to: KIND_PATHS.Article },
        ]}
      />
      {row?.kind !== 'Article' ? (
        <Stack gap="2" role="alert" data-testid="store-article-missing">
          <Heading as="h1" size="xl">
            <Trans>This article is not in the store</Trans>
          </Heading>
          <Text color="fg.muted">
            <Trans>It may have been withdrawn. Open another one from the content store.</Trans>
          </Text>
        </Stack>
      ) : (
        <>
          <Heading as="h1" size="2xl" wordBreak="break-word">
            {String(row.title)}
          </Heading>
          <StoreItemBody db={db} row={row} />
          <Box borderTopWidth="1px" pt="4">
            <AddToLibrary db={db} item={row} />
          </Box>
        </>
      )}
    </Stack>
  );
}
