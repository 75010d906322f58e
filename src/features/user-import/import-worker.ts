import { type AnalyseRequest, analyseFile } from './analyse-file.ts';

// Parsing 10,000 rows takes a noticeable moment: here it never blocks the page.
self.onmessage = (event: MessageEvent<AnalyseRequest>) => {
  try {
    self.postMessage(analyseFile(event.data));
  } catch (error) {
    self.postMessage({ ok: false, problem: 'unreadable', detail: String(error) });
  }
};
