import { useLingui } from '@lingui/react/macro';
import { translateIssue } from '@/ui/form/validation-messages';
import type { FileProblem } from '@/ui/xlsx/read-workbook';
import type { QuestionReason } from './quiz-xlsx';

/** What to fix, in the admin's language, for the worker's reason codes. */
export function useQuestionReasons() {
  const { t, i18n } = useLingui();
  const reason = (r: QuestionReason): string => {
    switch (r.kind) {
      case 'question-blank':
        return t`Question is blank.`;
      case 'type': {
        const value = r.value;
        return t`Type "${value}" is not known: write single or multiple.`;
      }
      case 'score': {
        const value = r.value;
        return t`Score "${value}" is not a whole number from 1 to 1000.`;
      }
      case 'few-options':
        return t`Give at least two options (Option 1, Option 2…).`;
      case 'correct-blank':
        return t`Correct is blank: write the number of the correct option, e.g. 2, or 1,3 for several.`;
      case 'correct-invalid': {
        const value = r.value;
        return t`Correct "${value}" must list option numbers, e.g. 2 or 1,3.`;
      }
      case 'correct-empty-option': {
        const option = r.option;
        return t`Correct names option ${option}, which is empty.`;
      }
      case 'single-many':
        return t`A single-choice question has exactly one correct option: write one number in Correct, or set Type to multiple.`;
      case 'too-long':
        return r.column === 'section'
          ? t`Section is too long (at most 200 characters).`
          : r.column === 'question'
            ? t`Question is too long (at most 2000 characters).`
            : t`An option is too long (at most 500 characters).`;
      case 'contract':
        return translateIssue(i18n, r.message);
    }
  };
  const problem = (p: FileProblem, detail?: string): string =>
    ({
      extension: t`Please choose an Excel file (.xlsx or .xls).`,
      signature: t`This file is not a real Excel workbook (.xlsx or .xls); it may have been renamed. Save it from Excel as .xlsx and try again.`,
      unreadable: t`This Excel file could not be read. ${detail ?? ''}`.trim(),
      empty: t`This file has no rows.`,
    })[p];
  return { reason, problem };
}
