import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { ContentResource } from '#contract/resources/content.ts';
import { TOPIC_TITLE_TAKEN } from '#contract/resources/topic.ts';
import type { LocalRow } from '@/data/db/local-types';
import { PlayIcon } from '@/ui/resource/resource-icons';
import { type AnyView, defineView, type FieldView } from '@/ui/resource/view-config';
import { previewOf } from './content-preview';
import { TopicDescriptionCell } from './topic-cells';
import { topicHoldings } from './topic-holdings';

const live = (row: LocalRow) => !row.deletedAt;
const sameTitle = (a: unknown, b: unknown) =>
  String(a ?? '')
    .trim()
    .toLocaleLowerCase() ===
  String(b ?? '')
    .trim()
    .toLocaleLowerCase();

const topicFields = {
  background: { label: msg`Picture background`, widget: { kind: 'image' } },
  title: { label: msg`Title`, widget: { kind: 'text' } },
  description: { label: msg`Description`, widget: { kind: 'textarea' } },
  parentId: {
    label: msg`Parent topic`,
    // Two levels: only a main topic can be a parent (the server refuses anything else).
    widget: { kind: 'ref', resource: 'Topic', labelFields: ['title'], choosable: (row) => !row.parentId },
  },
} satisfies Record<string, FieldView>;

/** Library topics (spec: title, description, picture background); a parent makes a sub-topic. */
export const topicView = defineView({
  resource: 'Topic',
  title: msg`Library`,
  trail: [msg`Home`],
  fields: topicFields,
  columns: ['background', 'title', 'description'],
  titleField: 'title',
  cells: { description: TopicDescriptionCell },
  emptyHint: msg`Add a topic to start the library: a topic holds sub-topics, articles, sounds and videos.`,
  // The server refuses too (422 with the counts); saying it here avoids queueing a doomed delete.
  deleteBlocker: async (db, row, i18n) => {
    const { subTopics, contents } = await topicHoldings(db, row.id);
    if (!subTopics && !contents) return null;
    const s = plural(subTopics, { one: '# sub-topic', other: '# sub-topics' });
    const c = plural(contents, { one: '# content', other: '# contents' });
    return i18n._(msg`This topic cannot be deleted: it still has ${s} and ${c}. Delete or move them first.`);
  },
  // A topic's page is addressed by its title, so siblings never share one (the server agrees).
  check: async ({ db, id, payload }) => {
    const siblings = (await db.rows('Topic').toArray()).filter(
      (r) => live(r) && r.id !== id && (r.parentId ?? null) === (payload.parentId ?? null),
    );
    return siblings.some((r) => sameTitle(r.title, payload.title)) ? { title: TOPIC_TITLE_TAKEN } : {};
  },
  messages: {
    add: msg`Add topic`,
    edit: msg`Edit topic`,
    created: msg`Topic added successfully.`,
    updated: msg`Topic updated successfully.`,
    deleted: msg`Topic deleted successfully.`,
  },
});

/** The same records listed under their main topic: only the labels differ. */
export const subTopicView: AnyView = {
  ...topicView,
  title: msg`Sub-topics`,
  emptyHint: msg`Add a sub-topic to group this topic's contents.`,
  messages: {
    add: msg`Add sub-topic`,
    edit: msg`Edit sub-topic`,
    created: msg`Sub-topic added successfully.`,
    updated: msg`Sub-topic updated successfully.`,
    deleted: msg`Sub-topic deleted successfully.`,
  },
};

/** Fields every content kind shows (spec section 3), in form order around the kind's own. */
function contentFields(kind: ContentResource): Record<string, FieldView> {
  const media = kind !== 'Article';
  return {
    cover: { label: msg`Cover image (800 x 450)`, widget: { kind: 'image' } },
    title: { label: msg`Title`, widget: { kind: 'text' } },
    description: { label: msg`Description`, widget: { kind: 'textarea' } },
    topicId: { label: msg`Topic`, widget: { kind: 'ref', resource: 'Topic', labelFields: ['title'] } },
    file: {
      label:
        kind === 'Article'
          ? msg`File (PDF or document)`
          : kind === 'Sound'
            ? msg`Sound file (MP3)`
            : msg`Video file (MP4)`,
      widget: { kind: 'file' },
    },
    ...(kind === 'Article' ? { body: { label: msg`Article text`, widget: { kind: 'richtext' } } } : {}),
    minutes: media
      ? { label: msg`Time (minutes)`, widget: { kind: 'readout', unit: 'minutes' }, half: true }
      : { label: msg`Time (minutes)`, widget: { kind: 'number', unit: 'minutes' }, half: true },
    fileSize: { label: msg`File size`, widget: { kind: 'readout', unit: 'bytes' }, half: true },
    typeOfContentId: {
      label: msg`Type of content`,
      widget: { kind: 'ref', resource: 'TypeOfContent', labelFields: ['name'] },
      half: true,
    },
    typeOfKnowledgeId: {
      label: msg`Type of knowledge`,
      widget: { kind: 'ref', resource: 'TypeOfKnowledge', labelFields: ['name'] },
      half: true,
    },
    audience: {
      label: msg`View permission`,
      widget: {
        kind: 'select',
        options: [
          { value: 'all', label: msg`All (admin, user view, app)` },
          { value: 'userApp', label: msg`User view and app` },
        ],
      },
    },
    departmentIds: {
      label: msg`Departments and groups`,
      widget: {
        kind: 'refs',
        resource: 'Department',
        labelFields: ['name'],
        noneLabel: msg`Every department`,
      },
    },
    allowDownload: { label: msg`Allow download`, widget: { kind: 'switch' }, half: true },
    allowRewind: { label: msg`Allow rewind`, widget: { kind: 'switch' }, half: true },
    prohibitForward: { label: msg`Prohibit forward`, widget: { kind: 'switch' }, half: true },
    mustWatchInOrder: { label: msg`Must watch in order`, widget: { kind: 'switch' }, half: true },
  };
}

type ContentTexts = {
  title: MessageDescriptor;
  emptyHint: MessageDescriptor;
  preview: (name: string) => MessageDescriptor;
  messages: AnyView['messages'];
};

const contentView = (resource: ContentResource, texts: ContentTexts): AnyView => ({
  resource,
  title: texts.title,
  trail: [msg`Home`, msg`Library`],
  fields: contentFields(resource),
  columns: ['cover', 'title', 'minutes', 'fileSize', 'audience'],
  filters: ['typeOfContentId', 'typeOfKnowledgeId'],
  titleField: 'title',
  emptyHint: texts.emptyHint,
  rowAction: { label: texts.preview, icon: PlayIcon, Dialog: previewOf(resource) },
  messages: texts.messages,
});

export const articleView = contentView('Article', {
  title: msg`Articles`,
  emptyHint: msg`Add an article: write its text or attach a PDF.`,
  preview: (name) => msg`Read ${name}`,
  messages: {
    add: msg`Add article`,
    edit: msg`Edit article`,
    created: msg`Article added successfully.`,
    updated: msg`Article updated successfully.`,
    deleted: msg`Article deleted successfully.`,
  },
});

export const soundView = contentView('Sound', {
  title: msg`Sounds`,
  emptyHint: msg`Add a sound: an MP3 file of at most 150 MB. You can pick it offline; it uploads when you are back online.`,
  preview: (name) => msg`Play ${name}`,
  messages: {
    add: msg`Add sound`,
    edit: msg`Edit sound`,
    created: msg`Sound added successfully.`,
    updated: msg`Sound updated successfully.`,
    deleted: msg`Sound deleted successfully.`,
  },
});

export const videoView = contentView('Video', {
  title: msg`Videos`,
  emptyHint: msg`Add a video: an MP4 file of at most 150 MB, below 720p. You can pick it offline; it uploads when you are back online.`,
  preview: (name) => msg`Play ${name}`,
  messages: {
    add: msg`Add video`,
    edit: msg`Edit video`,
    created: msg`Video added successfully.`,
    updated: msg`Video updated successfully.`,
    deleted: msg`Video deleted successfully.`,
  },
});

export const CONTENT_VIEWS = { Article: articleView, Sound: soundView, Video: videoView } as const;
