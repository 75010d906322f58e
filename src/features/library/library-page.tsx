import { useCallback } from 'react';
import type { LocalRow } from '@/data/db/local-types';
import { ResourcePage } from '@/ui/resource/resource-page';
import { topicView } from './library-views';
import { topicPath } from './topic-paths';

const MAIN_TOPICS = { parentId: null };

/** /home/library: the main topics as cards or rows; a title opens the topic's page. */
export default function LibraryPage() {
  const linkOf = useCallback((row: LocalRow) => topicPath(String(row.title ?? '')), []);
  return <ResourcePage view={topicView} scope={MAIN_TOPICS} linkOf={linkOf} />;
}
