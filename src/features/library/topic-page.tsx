import { Box, Heading, Image, Stack, Tabs, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { can } from '#contract/permissions.ts';
import { CONTENT_RESOURCES, type ContentResource } from '#contract/resources/content.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useLocalDb } from '@/data/db/use-local-db';
import { useResourceList } from '@/data/db/use-resource';
import { useSession } from '@/data/session/use-session';
import { PageTrail } from '@/ui/page-trail';
import { useFileUrl } from '@/ui/resource/fields/use-file-url';
import { LoadingState, NoAccessState } from '@/ui/resource/list/list-states';
import { PageBox, ResourcePage } from '@/ui/resource/resource-page';
import { CONTENT_VIEWS, subTopicView } from './library-views';
import { findTopics, LIBRARY_PATH, topicPath } from './topic-paths';

type Tab = 'subTopics' | ContentResource;

/**
 * /home/library/{name} and /home/library/{name}/{subName}: a topic's picture and description, then
 * tabs of its sub-topics (main topics only) and of its articles, sounds and videos, each the
 * generic list narrowed to this topic (a new record starts in it).
 */
export default function TopicPage() {
  const db = useLocalDb();
  const permissions = useSession()?.permissions;
  if (!can(permissions, 'library', 'read'))
    return (
      <PageBox>
        <NoAccessState />
      </PageBox>
    );
  return db ? <TopicScreen db={db} /> : <LoadingState />;
}

function TopicScreen({ db }: { db: LocalDb }) {
  const { t } = useLingui();
  const { name = '', subName } = useParams();
  const rows = useResourceList(db, 'Topic');
  const { main, sub } = useMemo(() => findTopics(rows ?? [], name, subName), [rows, name, subName]);
  const topic = subName === undefined ? main : sub;
  const [params, setParams] = useSearchParams();
  const tabs: Tab[] = subName === undefined ? ['subTopics', ...CONTENT_RESOURCES] : [...CONTENT_RESOURCES];
  const tab = (tabs.find((x) => x === params.get('tab')) ?? tabs[0]) as Tab;
  const subScope = useMemo(() => (topic ? { parentId: topic.id } : undefined), [topic]);
  const contentScope = useMemo(() => (topic ? { topicId: topic.id } : undefined), [topic]);
  const linkOfSub = useCallback((row: LocalRow) => topicPath(name, String(row.title ?? '')), [name]);
  const labels: Record<Tab, string> = {
    subTopics: t`Sub-topics`,
    Article: t`Articles`,
    Sound: t`Sounds`,
    Video: t`Videos`,
  };

  if (!rows) return <LoadingState />;
  return (
    <PageBox>
      <Stack gap="5">
        <PageTrail
          crumbs={[
            { label: t`Home` },
            { label: t`Library`, to: LIBRARY_PATH },
            ...(subName !== undefined
              ? [{ label: main ? String(main.title) : name, to: topicPath(name) }]
              : []),
          ]}
          current={topic ? String(topic.title) : (subName ?? name)}
        />
        {!topic ? (
          <Stack gap="2" role="alert" data-testid="topic-missing">
            <Heading as="h1" size="xl">
              <Trans>This topic does not exist</Trans>
            </Heading>
            <Text color="fg.muted">
              <Trans>It may have been renamed or deleted. Open it again from the library.</Trans>
            </Text>
          </Stack>
        ) : (
          <>
            <TopicHeader db={db} topic={topic} />
            <Tabs.Root
              value={tab}
              onValueChange={(e) => setParams({ tab: e.value }, { replace: true })}
              lazyMount
              unmountOnExit
            >
              <Tabs.List overflowX="auto" overflowY="hidden">
                {tabs.map((x) => (
                  <Tabs.Trigger key={x} value={x}>
                    {labels[x]}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <Box pt="4">
                {tab === 'subTopics' ? (
                  <ResourcePage view={subTopicView} scope={subScope} linkOf={linkOfSub} nested />
                ) : (
                  <ResourcePage view={CONTENT_VIEWS[tab]} scope={contentScope} nested />
                )}
              </Box>
            </Tabs.Root>
          </>
        )}
      </Stack>
    </PageBox>
  );
}

function TopicHeader({ db, topic }: { db: LocalDb; topic: LocalRow }) {
  const picture = useFileUrl(db, String(topic.background ?? '') || undefined);
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'center' }}>
      {picture && (
        <Image
          src={picture}
          alt=""
          w={{ base: 'full', md: '64' }}
          aspectRatio="16 / 9"
          objectFit="cover"
          rounded="md"
          flexShrink="0"
        />
      )}
      <Stack gap="1" minW="0">
        <Heading as="h1" size="2xl" wordBreak="break-word">
          {String(topic.title)}
        </Heading>
        {topic.description ? <Text color="fg.muted">{String(topic.description)}</Text> : null}
      </Stack>
    </Stack>
  );
}
