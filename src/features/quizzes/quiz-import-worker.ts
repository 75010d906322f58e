import { analyseQuestionFile, type QuestionFileRequest } from './quiz-import-analysis';

self.onmessage = (event: MessageEvent<QuestionFileRequest>) => {
  try {
    self.postMessage(analyseQuestionFile(event.data));
  } catch (error) {
    self.postMessage({ ok: false, problem: 'unreadable', detail: String(error) });
  }
};
