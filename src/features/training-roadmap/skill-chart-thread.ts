import {
  type ReadTables,
  readTables,
  type WholeReply,
  type WholeRequest,
  wholeReply,
} from './skill-chart-whole';
import { packedBuffers } from './skill-matrix-pack';

// The skill chart's whole read and build in a module worker (started by skill-chart-builder.ts):
// it reads the console's local database itself, in one read-only transaction, keeps the rows for
// the next filter, and answers with the packed chart. (Not named "worker": the service worker
// defers files so named, and this one is route code the chart needs offline.)

let read: { dbName: string; tables: ReadTables } | null = null;

/** The newest request received: an older one still reads, but its chart is not built or sent. */
let newest = 0;

async function answer(req: WholeRequest): Promise<void> {
  try {
    if (req.read || read?.dbName !== req.dbName)
      read = { dbName: req.dbName, tables: await readTables(req.dbName) };
    if (req.seq < newest) return;
    const reply = wholeReply(read.tables, req);
    // The cells' arrays move to the page instead of being copied.
    self.postMessage(reply, { transfer: reply.same ? [] : packedBuffers(reply.packed) });
  } catch (error) {
    self.postMessage({ seq: req.seq, error: String(error) } satisfies WholeReply);
  }
}

// One request at a time, in order: a filter chosen during a read is built from that read.
let queue = Promise.resolve();
self.onmessage = (event: MessageEvent<WholeRequest>) => {
  newest = Math.max(newest, event.data.seq);
  queue = queue.then(() => answer(event.data));
};
