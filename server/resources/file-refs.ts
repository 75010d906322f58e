import { and, eq, inArray } from 'drizzle-orm';
import { fileRefsOf } from '#contract/file-refs.ts';
import { FILE_KINDS } from '#contract/files.ts';
import type { ResourceDef } from '#contract/resource.ts';
import { files } from '../db/schema.ts';
import { invalid } from './record-shape.ts';
import type { Tx } from './repository-types.ts';

const FILE_URL = /^(?:https?:\/\/[^/]+)?\/files\/([0-9a-f-]{36})\/[^/]+$/i;

/** The file id of a `/files/<id>/<name>` URL (lower case), or undefined. */
export const fileIdOf = (url: unknown) => FILE_URL.exec(String(url ?? ''))?.[1]?.toLowerCase();

/**
 * A field holding a file must name an uploaded file of the caller's company (a `/files/<id>/...`
 * URL) whose content fits the field's kind: a record never points at a file that is not there.
 */
export async function checkFileRefs(
  tx: Tx,
  def: ResourceDef,
  companyId: string,
  data: Record<string, unknown>,
) {
  // Each file the record names (its path says which field, item or list object).
  const wanted = fileRefsOf(def, data);
  if (!wanted.length) return;
  const known = [...new Set(wanted.map((w) => fileIdOf(w.url)).filter((id): id is string => !!id))];
  const found = known.length
    ? await tx
        .select({ id: files.id, mimeType: files.mimeType, size: files.size })
        .from(files)
        .where(and(eq(files.companyId, companyId), inArray(files.id, known)))
    : [];
  const problems: { path: string; message: string }[] = [];
  for (const { path, kind, url } of wanted) {
    const file = found.find((f) => f.id === fileIdOf(url));
    const rule = FILE_KINDS[kind];
    if (!file) problems.push({ path, message: 'Upload the file first' });
    else if (!(rule.types as readonly string[]).includes(file.mimeType) || file.size > rule.maxBytes) {
      problems.push({ path, message: `This file does not fit a ${kind} (type or size); upload another` });
    }
  }
  if (problems.length) throw invalid(problems);
}
