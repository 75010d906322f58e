import { SNIFF_BYTES } from '#contract/file-signatures.ts';
import type { FileKind } from '#contract/files.ts';
import type { Tx } from '../resources/repository-types.ts';
import { checkContentType, recordFile } from '../services/uploads.ts';
import {
  DEMO_ARTICLES,
  DEMO_BANNERS,
  DEMO_CONTENT_TYPES,
  DEMO_FAQ,
  DEMO_FEEDBACK,
  DEMO_KNOWLEDGE_TYPES,
  DEMO_TOPICS,
} from './seed-content.ts';
import type { writerFor } from './seed-people.ts';

const DAY = 86_400_000;

/** A banner image already in the file store, under `storagePath`, to record for one company. */
export type StoredImage = { storagePath: string; fileName: string; size: number; head: Buffer };
/** One image per DEMO_BANNERS and per DEMO_TOPICS entry, in their order. */
export type SeedImages = { banners: StoredImage[]; topics: StoredImage[] };

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
    const file = await recordFile(tx, {
      id: image.storagePath,
      companyId: o.companyId,
      ownerId: o.adminId,
      kind,
      fileName: image.fileName,
      mimeType,
      size: image.size,
      storagePath: image.storagePath,
    });
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
  for (const { topic, contentType, knowledgeType, ...a } of DEMO_ARTICLES) {
    const topicId = topicIds.get(topic);
    if (!topicId) throw new Error(`Demo article ${a.title} names an unknown topic ${topic}.`);
    await w.create('Article', {
      ...a,
      topicId,
      // The topic's picture: one stored file may back several records.
      cover: backgrounds.get(topic) ?? '',
      typeOfContentId: contentTypes.get(contentType) ?? null,
      typeOfKnowledgeId: knowledgeTypes.get(knowledgeType) ?? null,
      allowDownload: true,
    });
  }
}
