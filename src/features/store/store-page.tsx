import { Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CONTENT_RESOURCES, type ContentResource } from '#contract/resources/content.ts';
import type { LocalRow } from '@/data/db/local-types';
import { PageTrail } from '@/ui/page-trail';
import { PageBox, ResourcePage } from '@/ui/resource/resource-page';
import type { AnyView } from '@/ui/resource/view-config';
import { articleViewPath, KIND_PATHS, STORE_PATH } from './store-paths';
import { storeItemView } from './store-views';

type Tab = 'all' | ContentResource;
const TABS: Tab[] = ['all', ...CONTENT_RESOURCES];
const PATH_OF: Record<Tab, string> = { all: STORE_PATH, ...KIND_PATHS };
/** The list under each tab: the same view, titled by its kind. */
const VIEWS: Record<Tab, AnyView> = {
  all: { ...storeItemView, title: msg`All items` },
  Article: { ...storeItemView, title: msg`Articles` },
  Sound: { ...storeItemView, title: msg`Sounds` },
  Video: { ...storeItemView, title: msg`Videos` },
};

/**
 * /home/store and /home/store/{article,sound,video}: the content store's items from the local
 * database (they sync like any resource), searchable, a tab per kind. A row's action previews the
 * item and adds it to the library; an article's title opens it to read.
 */
export default function StorePage() {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab: Tab = CONTENT_RESOURCES.find((k) => KIND_PATHS[k] === pathname.replace(/\/$/, '')) ?? 'all';
  const scope = useMemo(() => (tab === 'all' ? undefined : { kind: tab }), [tab]);
  const linkOf = useCallback(
    (row: LocalRow) => (row.kind === 'Article' ? articleViewPath(row.id) : null),
    [],
  );
  return (
    <PageBox>
      <Stack gap="4">
        <Stack gap="2">
          <PageTrail crumbs={[{ label: t`Home` }]} current={t`Content store`} />
          <Heading as="h1" size="2xl">
            <Trans>Content store</Trans>
          </Heading>
          <Text color="fg.muted">
            <Trans>
              Ready-made articles, sounds and videos. Preview one, then add it to a topic of your library.
            </Trans>
          </Text>
        </Stack>
        <Tabs.Root value={tab} onValueChange={(e) => navigate(PATH_OF[e.value as Tab])}>
          <Tabs.List overflowX="auto" overflowY="hidden">
            {TABS.map((x) => (
              <Tabs.Trigger key={x} value={x}>
                {x === 'all' ? t`All` : i18n._(VIEWS[x].title)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs.Root>
        <ResourcePage key={tab} view={VIEWS[tab]} scope={scope} linkOf={linkOf} nested />
      </Stack>
    </PageBox>
  );
}
