import { SNIFF_BYTES } from '#contract/file-signatures.ts';
import type { FileKind } from '#contract/files.ts';
import { bytesInMemory } from '../lib/media-probe.ts';
import type { Scope, Tx } from '../resources/repository-types.ts';
import { countClicks } from '../services/deep-links.ts';
import { checkMedia } from '../services/media-files.ts';
import { checkContentType, recordFile } from '../services/uploads.ts';
import {
  DEMO_ARTICLES,
  DEMO_BANNERS,
  DEMO_CONTENT_TYPES,
  DEMO_DEEP_LINKS,
  DEMO_FAQ,
  DEMO_FEEDBACK,
  DEMO_KNOWLEDGE_TYPES,
  DEMO_LESSONS,
  DEMO_MEDIA,
  DEMO_TOPICS,
} from './seed-content.ts';
import { writerFor } from './seed-people.ts';

const DAY = 86_400_000;

/** A banner image already in the file store, under `storagePath`, to record for one company. */
export type StoredImage = { storagePath: string; fileName: string; size: number; head: Buffer };
/** One file per DEMO_BANNERS, DEMO_TOPICS and DEMO_MEDIA entry, in their order. */
export type SeedImages = { banners: StoredImage[]; topics: StoredImage[]; media: StoredImage[] };

/**
 * The company's FAQ, banners, library topics, feedback and master data, through the same writes
 * as the API. `images` are the banners' and topics' files, stored for this company.
 */
export async function seedLists(
  tx: Tx,
  o: {
    code: string;
    companyId: string;
    adminId: string;
    writer: ReturnType<typeof writerFor>;
    names: Map<string, string>;
    /** Username -> user id: lessons are written by their own authors. */
    ids: Map<string, string>;
    images: SeedImages;
    now: Date;
  },
) {
  const { writer: w, now } = o;
  const at = (days: number) => {
    const d = new Date(now.getTime() + days * DAY);
    d.setUTCMinutes(0, 0, 0);
    return d;
  };
  for (const f of DEMO_FAQ) {
    const sendDate = at(-f.daysAgo).toISOString().slice(0, 10);
    await w.create('Faq', { question: f.question, answer: f.answer, sendDate });
  }
  // The upload route's own checks and record, so an image is a file like any uploaded one.
  const fileUrl = async (image: StoredImage, kind: FileKind) => {
    const mimeType = checkContentType(kind, image.head.subarray(0, SNIFF_BYTES), image.fileName);
    const file = await recordFile(
      tx,
      {
        id: image.storagePath,
        companyId: o.companyId,
        ownerId: o.adminId,
        kind,
        fileName: image.fileName,
        mimeType,
        size: image.size,
        storagePath: image.storagePath,
      },
      await checkMedia(bytesInMemory(image.head), kind, mimeType),
    );
    return file.url;
  };
  for (const [i, { startDays, endDays, color: _, ...b }] of DEMO_BANNERS.entries()) {
    const image = await fileUrl(o.images.banners[i]!, 'banner');
    await w.create('Banner', {
      ...b,
      image,
      startAt: at(startDays).toISOString(),
      endAt: at(endDays).toISOString(),
    });
  }
  const topicIds = new Map<string, string>();
  const backgrounds = new Map<string, string>();
  for (const [i, { parent, color: _, ...t }] of DEMO_TOPICS.entries()) {
    const background = await fileUrl(o.images.topics[i]!, 'cover');
    backgrounds.set(t.title, background);
    const parentId = parent ? topicIds.get(parent) : null;
    if (parentId === undefined) throw new Error(`Demo topic ${t.title} comes before its parent ${parent}.`);
    topicIds.set(t.title, await w.create('Topic', { ...t, background, parentId }));
  }
  for (const { from, reply, ...f } of DEMO_FEEDBACK[o.code] ?? []) {
    const senderName = o.names.get(from);
    if (!senderName) throw new Error(`Demo feedback from ${from}, who is not a user of ${o.code}.`);
    await w.create('Feedback', { ...f, senderName, reply: reply ?? '' });
  }
  const contentTypes = new Map<string, string>();
  const knowledgeTypes = new Map<string, string>();
  for (const t of DEMO_CONTENT_TYPES) contentTypes.set(t.name, await w.create('TypeOfContent', t));
  for (const t of DEMO_KNOWLEDGE_TYPES) knowledgeTypes.set(t.name, await w.create('TypeOfKnowledge', t));
  const articleIds = new Map<string, string>();
  for (const { topic, contentType, knowledgeType, ...a } of DEMO_ARTICLES) {
    const topicId = topicIds.get(topic);
    if (!topicId) throw new Error(`Demo article ${a.title} names an unknown topic ${topic}.`);
    const id = await w.create('Article', {
      ...a,
      topicId,
      // The topic's picture: one stored file may back several records.
      cover: backgrounds.get(topic) ?? '',
      typeOfContentId: contentTypes.get(contentType) ?? null,
      typeOfKnowledgeId: knowledgeTypes.get(knowledgeType) ?? null,
      allowDownload: true,
    });
    articleIds.set(a.title, id);
  }
  for (const [i, { kind, topic, knowledgeType, ...m }] of DEMO_MEDIA.entries()) {
    const topicId = topicIds.get(topic);
    if (!topicId) throw new Error(`Demo ${kind} ${m.title} names an unknown topic ${topic}.`);
    await w.create(kind, {
      ...m,
      topicId,
      cover: backgrounds.get(topic) ?? '',
      file: await fileUrl(o.images.media[i]!, kind === 'Video' ? 'video' : 'audio'),
      typeOfContentId: contentTypes.get(kind === 'Video' ? 'Video' : 'Podcast') ?? null,
      typeOfKnowledgeId: knowledgeTypes.get(knowledgeType) ?? null,
    });
  }
  for (const { by, knowledgeType, ...lesson } of DEMO_LESSONS[o.code] ?? []) {
    const authorId = o.ids.get(by);
    if (!authorId) throw new Error(`Demo lesson ${lesson.title} by ${by}, who is not a user of ${o.code}.`);
    // Written as its author, so the server sets the author as it does for any lesson.
    await writerFor(tx, o.companyId, authorId, o.now).create('KnowledgeShare', {
      ...lesson,
      typeOfKnowledgeId: knowledgeTypes.get(knowledgeType) ?? null,
    });
  }
  // Codes are made by the server (global, so never fixed here); clicks counted as openings count them.
  const linkScope: Scope = { companyId: o.companyId, userId: o.adminId, resource: 'DeepLink' };
  for (const { kind, target, clicks, expiresDays, title } of DEMO_DEEP_LINKS) {
    const targetId = (kind === 'Topic' ? topicIds : articleIds).get(target);
    if (!targetId) throw new Error(`Demo deep link ${title} names an unknown ${kind} ${target}.`);
    const expiresAt = expiresDays === undefined ? null : at(expiresDays).toISOString();
    const id = await w.create('DeepLink', { title, targetKind: kind, targetId, expiresAt });
    await countClicks(tx, { id, scope: linkScope }, false, clicks);
  }
}
