import { readFileSync } from 'node:fs';
import { PLATFORM_COMPANY_ID } from '#contract/resources/store-item.ts';
import type { FileStore } from '../lib/file-store.ts';
import type { Tx } from '../resources/repository-types.ts';
import { publishStoreItem, type StoredFile } from '../services/store-items.ts';
import { newFileId } from '../services/uploads.ts';
import { demoBannerPng } from './demo-png.ts';
import { companies } from './schema.ts';

type Rgb = readonly [number, number, number];
type StoreArticle = {
  id: string;
  title: string;
  description: string;
  minutes: number;
  typeOfContentName: string;
  typeOfKnowledgeName: string;
  color: Rgb;
  body: string;
};

// The content store's catalogue (spec section 2, "Store"). Fixed ids make publishing idempotent.
// biome-ignore format: one article per line
export const STORE_ARTICLES: StoreArticle[] = [
  { id: '019a0000-0000-7000-8000-000000000001', title: 'Safe manual handling: lift with your legs', description: 'Plan the lift, keep the load close, never twist.', minutes: 4, typeOfContentName: 'Article', typeOfKnowledgeName: 'Safety', color: [211, 84, 0], body: 'Before you lift, look at the load: its weight, its shape and the path you will walk.\n\nStand close with your feet apart, bend your knees and keep your back straight.\n\nHold the load close to your waist and lift smoothly with your legs.\n\nTurn with your feet, never by twisting your back. Ask for help or a trolley above 25 kg.' },
  { id: '019a0000-0000-7000-8000-000000000002', title: 'Chemical labels in one minute', description: 'Read the GHS pictograms before you open a container.', minutes: 3, typeOfContentName: 'Infographic', typeOfKnowledgeName: 'Safety', color: [192, 57, 43], body: 'Every chemical container carries a label with a signal word: Danger or Warning.\n\nThe red diamonds are pictograms: flame (flammable), skull (toxic), corrosion (burns skin and metal), exclamation mark (irritant).\n\nThe safety data sheet says which gloves and goggles to wear. If the label is missing, do not use the product: report it.' },
  { id: '019a0000-0000-7000-8000-000000000003', title: 'Writing a good 8D report', description: 'Eight disciplines from team to prevention, with what each step needs.', minutes: 8, typeOfContentName: 'Article', typeOfKnowledgeName: 'Quality', color: [41, 128, 185], body: 'D1 Team: name the people who know the process.\n\nD2 Problem: what, where, when, how many, in numbers.\n\nD3 Containment: protect the customer today.\n\nD4 Root cause: why it happened and why it escaped.\n\nD5 and D6: choose and prove the permanent fix.\n\nD7 Prevention: update the standard, the FMEA and the training.\n\nD8 Close: thank the team and share what was learned.' },
  { id: '019a0000-0000-7000-8000-000000000004', title: 'Kaizen: small improvements every day', description: 'How a suggestion becomes a change at the line in one week.', minutes: 5, typeOfContentName: 'Article', typeOfKnowledgeName: 'Lean', color: [39, 174, 96], body: 'A kaizen is a small change that anyone can make: a shorter walk, a clearer label, one step less.\n\nWrite the idea on a card: the problem, the change, the expected gain.\n\nYour team leader answers within a week, and most ideas are tried within two.\n\nMeasure before and after. A change that works becomes the new standard.' },
  { id: '019a0000-0000-7000-8000-000000000005', title: 'Giving feedback that helps', description: 'Situation, behaviour, impact: a simple model for every shift leader.', minutes: 4, typeOfContentName: 'Article', typeOfKnowledgeName: 'Soft skills', color: [142, 68, 173], body: 'Describe the situation: when and where.\n\nName the behaviour you saw, not a judgement of the person.\n\nExplain the impact on safety, quality or the team.\n\nThen listen, and agree on one next step together. Praise in public, correct in private.' },
];

type StoreMedia = Omit<StoreArticle, 'body' | 'minutes'> & { kind: 'Sound' | 'Video' };

// Sounds and videos of the store, on the short demo clips in demo-media/ (minutes read from them).
// biome-ignore format: one item per line
export const STORE_MEDIA: StoreMedia[] = [
  { id: '019a0000-0000-7000-8000-000000000011', kind: 'Video', title: 'Forklift pre-use check', description: 'Forks, chains, tyres, horn and lights before the first lift.', typeOfContentName: 'Video', typeOfKnowledgeName: 'Safety', color: [230, 126, 34] },
  { id: '019a0000-0000-7000-8000-000000000012', kind: 'Sound', title: 'Podcast: lean in five minutes', description: 'Waste, flow and pull explained for the shop floor.', typeOfContentName: 'Podcast', typeOfKnowledgeName: 'Lean', color: [22, 160, 133] },
];

const CLIPS = {
  Video: new URL('./demo-media/demo-video.mp4', import.meta.url),
  Sound: new URL('./demo-media/demo-sound.mp3', import.meta.url),
};

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

export type StoreFiles = { covers: StoredFile[]; media: { cover: StoredFile; file: StoredFile }[] };

/** Writes the store's covers and media to the file store; notes every key written. */
export async function storeStoreCovers(
  store: Pick<FileStore, 'write'>,
  written: string[],
): Promise<StoreFiles> {
  const put = async (bytes: Buffer, fileName: string): Promise<StoredFile> => {
    const storagePath = newFileId();
    written.push(storagePath);
    const size = await store.write(storagePath, bytes);
    return { storagePath, fileName, size, head: bytes };
  };
  const covers: StoredFile[] = [];
  for (const a of STORE_ARTICLES) covers.push(await put(demoBannerPng(a.color), `${slug(a.title)}.png`));
  const media: StoreFiles['media'] = [];
  for (const m of STORE_MEDIA) {
    media.push({
      cover: await put(demoBannerPng(m.color), `${slug(m.title)}.png`),
      file: await put(readFileSync(CLIPS[m.kind]), `${slug(m.title)}.${m.kind === 'Video' ? 'mp4' : 'mp3'}`),
    });
  }
  return { covers, media };
}

/**
 * The platform company (it has no users, so it never signs in) and its store items, published
 * through the same file checks as uploads. Idempotent: existing rows are left as they are.
 */
export async function seedStore(tx: Tx, files: StoreFiles, now: Date) {
  await tx
    .insert(companies)
    .values({
      id: PLATFORM_COMPANY_ID,
      code: '@platform',
      name: 'Content store',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  for (const [i, { color: _, ...a }] of STORE_ARTICLES.entries())
    await publishStoreItem(tx, { ...a, kind: 'Article', cover: files.covers[i] });
  for (const [i, { color: _, ...m }] of STORE_MEDIA.entries())
    await publishStoreItem(tx, { ...m, minutes: 0, ...files.media[i]! });
}
