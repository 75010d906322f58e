// Before Dexie, which takes the IndexedDB it finds global when it loads: once per worker.
import 'fake-indexeddb/auto';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { clearSession } from '@/data/session/session-store';
import { toaster } from '@/ui/toaster';

// The client test files share their modules and their document, one set per worker
// (vitest.config.ts); this file runs before each of them and resets what they share.

// Node's Blob and File instead of happy-dom's: fake-indexeddb stores with Node's structuredClone,
// which keeps only Node's Blobs, and Dexie passes through (never deep-clones) only the Blob classes
// global when it loads, once per worker. Browsers need none of this.
Object.assign(globalThis, { Blob: NodeBlob, File: NodeFile });

// One toast store for every file, showing at most 3: toasts a file left would take the places.
toaster.remove();

// Source-language messages: descriptors render their English text.
i18n.loadAndActivate({ locale: 'en', messages: {} });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
});
