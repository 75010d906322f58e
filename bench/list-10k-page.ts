// In-page probes for the 10,000-record list bench, installed as an init script on every document:
// timestamps (performance.now(), so milliseconds since navigation start) of the first app shell,
// list spinner and list row, the frame that paints them, and every change of the item count.

export type Mark = { t: number; frame?: number };
export type CountChange = { text: string; t: number; frame?: number };
export type Probe = {
  marks: Record<'shell' | 'loading' | 'row', Mark | undefined>;
  counts: CountChange[];
  /** A keystroke being measured: its first keydown/input timestamp and the frame echoing it. */
  key: { armed: boolean; start?: number; echo?: number };
};

export function installProbe() {
  const probe: Probe = {
    marks: { shell: undefined, loading: undefined, row: undefined },
    counts: [],
    key: { armed: false },
  };
  (window as unknown as { __bench: Probe }).__bench = probe;
  // The frame a DOM change is painted in: rAF runs just before that frame's paint.
  const onFrame = (set: (t: number) => void) => requestAnimationFrame(() => set(performance.now()));
  const selectors = {
    shell: '[data-testid="app-shell"]',
    loading: '[data-testid="list-loading"]',
    row: '[data-testid="resource-row"]',
  } as const;
  let lastCount: string | null = null;
  const check = () => {
    const t = performance.now();
    for (const [name, sel] of Object.entries(selectors) as [keyof typeof selectors, string][]) {
      if (!probe.marks[name] && document.querySelector(sel)) {
        const mark: Mark = { t };
        probe.marks[name] = mark;
        onFrame((f) => {
          mark.frame = f;
        });
      }
    }
    const text = document.querySelector('[data-testid="item-count"]')?.textContent ?? null;
    if (text !== null && text !== lastCount) {
      lastCount = text;
      const change: CountChange = { text, t };
      probe.counts.push(change);
      onFrame((f) => {
        change.frame = f;
      });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  const onKey = (e: Event) => {
    if (!probe.key.armed) return;
    probe.key.armed = false;
    probe.key.start = e.timeStamp;
    onFrame((f) => {
      probe.key.echo = f;
    });
  };
  // Playwright types non-US characters (Thai) with insertText: an input event and no keydown.
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('input', onKey, true);
}

/** Rows of a resource the list shows for `search`, counted straight from IndexedDB with the list's rule. */
export async function expectedCounts(args: { resource: string; fields: string[]; searches: string[] }) {
  const dbs = await indexedDB.databases();
  const name = dbs.find((d) => d.name?.startsWith('console:'))?.name;
  if (!name) throw new Error('no console database');
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  try {
    const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
      const req = db.transaction(args.resource).objectStore(args.resource).getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const live = rows.filter((r) => !r.deletedAt);
    return args.searches.map((s) => {
      const needle = s.trim().toLocaleLowerCase();
      if (!needle) return live.length;
      return live.filter((r) =>
        args.fields.some((f) =>
          String(r[f] ?? '')
            .toLocaleLowerCase()
            .includes(needle),
        ),
      ).length;
    });
  } finally {
    db.close();
  }
}

/** One IndexedDB request: what, the store or index (or database) it read, its start and success. */
export type IdbRequest = [
  what: string,
  store: string,
  start: number,
  success: number,
  result: string | number,
];

/** Logs every IndexedDB read and database open of the document in `window.__idb` (PROFILE=warm). */
export function installIdbLog() {
  const log: IdbRequest[] = [];
  (window as unknown as { __idb: IdbRequest[] }).__idb = log;
  const reads = ['getAll', 'get', 'openCursor', 'count', 'getAllKeys'] as const;
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype] as unknown as Record<
    string,
    unknown
  >[]) {
    for (const what of reads) {
      const original = proto[what] as (...a: unknown[]) => IDBRequest;
      proto[what] = function (this: IDBObjectStore | IDBIndex, ...a: unknown[]) {
        const start = Math.round(performance.now());
        const req = original.apply(this, a);
        req.addEventListener('success', () => {
          const r = req.result as unknown;
          log.push([
            what,
            this.name,
            start,
            Math.round(performance.now()),
            Array.isArray(r) ? r.length : typeof r,
          ]);
        });
        return req;
      };
    }
  }
  const open = indexedDB.open.bind(indexedDB);
  indexedDB.open = (name: string, version?: number) => {
    const start = Math.round(performance.now());
    const req = open(name, version);
    req.addEventListener('success', () => log.push(['open', name, start, Math.round(performance.now()), '']));
    return req;
  };
}
