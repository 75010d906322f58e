import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#contract/languages.ts';

type Entry = { id: string; str: string };

/** Minimal PO reader: msgid/msgstr pairs with continuation lines, header skipped. */
function readPo(locale: string): Entry[] {
  const lines = readFileSync(`locales/${locale}/messages.po`, 'utf8').split('\n');
  const entries: Entry[] = [];
  let cur: Entry | null = null;
  let field: 'id' | 'str' | null = null;
  const unquote = (s: string) => JSON.parse(s) as string;
  for (const line of lines) {
    if (line.startsWith('msgid ')) {
      if (cur) entries.push(cur);
      cur = { id: unquote(line.slice(6)), str: '' };
      field = 'id';
    } else if (line.startsWith('msgstr ') && cur) {
      cur.str = unquote(line.slice(7));
      field = 'str';
    } else if (line.startsWith('"') && cur && field) {
      cur[field] += unquote(line);
    } else field = null;
  }
  if (cur) entries.push(cur);
  return entries.filter((e) => e.id !== '');
}

const placeholders = (s: string) =>
  [...s.matchAll(/\{(\w+)\s*[,}]/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

describe('translation catalogs', () => {
  const source = readPo('en');

  it('has source messages', () => {
    expect(source.length).toBeGreaterThan(100);
  });

  it('shows each English message as written in the code (no stale copy after an edit)', () => {
    expect(source.filter((e) => e.str !== '' && e.str !== e.id).map((e) => e.id)).toEqual([]);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`translates every message into ${locale} with the same placeholders`, () => {
      const entries = readPo(locale);
      expect(entries.map((e) => e.id).sort()).toEqual(source.map((e) => e.id).sort());
      const missing = entries.filter((e) => e.str.trim() === '').map((e) => e.id);
      expect(missing).toEqual([]);
      const broken = entries.filter((e) => placeholders(e.str) !== placeholders(e.id)).map((e) => e.id);
      expect(broken).toEqual([]);
    });
  }
});
