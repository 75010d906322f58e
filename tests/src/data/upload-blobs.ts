import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';

// Imported before Dexie: fake-indexeddb stores with Node's structuredClone, which keeps only
// Node's Blobs, and Dexie passes through (never deep-clones) only the Blob classes global at load.
// Browsers need none of this.
Object.assign(globalThis, { Blob: NodeBlob, File: NodeFile });
