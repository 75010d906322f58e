import { Alert, Box, Button, chakra, Spinner, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { QuizSection } from '#contract/resources/quiz.ts';
import { DialogShell } from '@/ui/dialog/dialog-shell';
import { DownloadIcon } from '@/ui/resource/resource-icons';
import { toaster } from '@/ui/toaster';
import type { FileProblem } from '@/ui/xlsx/read-workbook';
import type { QuizDraft } from './quiz-draft';
import { UploadIcon } from './quiz-icons';
import type { InvalidQuestionRow } from './quiz-xlsx';
import { questionFileRunner } from './run-quiz-import';
import { useQuestionReasons } from './use-question-reasons';

type Phase =
  | { step: 'idle' }
  | { step: 'reading' }
  | { step: 'problem'; problem: FileProblem; detail?: string }
  | { step: 'columns'; missing: string[] }
  | { step: 'preview'; sections: QuizSection[]; count: number; invalid: InvalidQuestionRow[] };

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function download(bytes: Uint8Array, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: XLSX_TYPE }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const fileNameOf = (name: string) =>
  `${
    name
      .trim()
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .slice(0, 80)
      .trim() || 'quiz'
  }.xlsx`;

type Props = { draft: QuizDraft; readOnly: boolean; onImport: (sections: QuizSection[]) => void };

/** Import questions from the .xlsx template (checked in a worker, previewed) and export them. */
export function QuizFileActions({ draft, readOnly, onImport }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  async function exportQuiz() {
    const { exportRows, workbookBytes } = await import('./quiz-xlsx');
    download(workbookBytes(exportRows(draft.sections)), fileNameOf(draft.name));
  }
  return (
    <>
      {!readOnly && (
        <Button variant="outline" minH="10" onClick={() => setOpen(true)} data-testid="import-questions">
          <UploadIcon />
          <Trans>Import questions</Trans>
        </Button>
      )}
      <Button variant="outline" minH="10" onClick={() => void exportQuiz()} data-testid="export-quiz">
        <DownloadIcon />
        <Trans>Export to Excel</Trans>
      </Button>
      {open && (
        <ImportDialog
          onClose={() => setOpen(false)}
          onImport={(sections, count) => {
            onImport(sections);
            setOpen(false);
            toaster.create({
              type: 'success',
              title: t`${count} question(s) added to the quiz. Save the quiz to keep them.`,
            });
          }}
        />
      )}
    </>
  );
}

function ImportDialog({
  onClose,
  onImport,
}: {
  onClose: () => void;
  onImport: (sections: QuizSection[], count: number) => void;
}) {
  const { t, i18n } = useLingui();
  const texts = useQuestionReasons();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => questionFileRunner.prewarm(), []);

  async function pick(file: File) {
    setPhase({ step: 'reading' });
    try {
      const result = await questionFileRunner.run({ name: file.name, bytes: await file.arrayBuffer() });
      if (result.ok) setPhase({ step: 'preview', ...result });
      else if ('missing' in result) setPhase({ step: 'columns', missing: result.missing });
      else
        setPhase({
          step: 'problem',
          problem: result.problem,
          detail: (result as { detail?: string }).detail,
        });
    } catch (error) {
      setPhase({ step: 'problem', problem: 'unreadable', detail: String(error) });
    }
  }
  async function template() {
    const { templateBytes } = await import('./quiz-xlsx');
    download(templateBytes(), 'quiz-questions-template.xlsx');
  }

  const preview = phase.step === 'preview' ? phase : null;
  const footer = (
    <>
      <Button variant="outline" minH="10" onClick={onClose}>
        <Trans>Cancel</Trans>
      </Button>
      {preview && (
        <Button
          minH="10"
          disabled={preview.count === 0}
          onClick={() => onImport(preview.sections, preview.count)}
          data-testid="import-confirm"
        >
          <Plural value={preview.count} one="Add # question" other="Add # questions" />
        </Button>
      )}
    </>
  );
  return (
    <DialogShell
      open
      onClose={onClose}
      title={t`Import questions from Excel`}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      footer={footer}
      testId="quiz-import"
    >
      <Stack gap="4">
        <Text fontSize="sm">
          <Trans>
            One row per question: Section, Question, Type (single or multiple), Score, Option 1 to Option 6
            and Correct (the numbers of the correct options, e.g. 2 or 1,3). The questions are added to this
            quiz; save the quiz to keep them.
          </Trans>
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
          <Button variant="outline" minH="10" onClick={() => void template()}>
            <DownloadIcon />
            <Trans>Download the template</Trans>
          </Button>
          <Button minH="10" onClick={() => input.current?.click()} loading={phase.step === 'reading'}>
            <UploadIcon />
            <Trans>Choose an .xlsx file</Trans>
          </Button>
          <chakra.input
            ref={input}
            type="file"
            accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
            display="none"
            data-testid="quiz-import-file"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void pick(file);
            }}
          />
        </Stack>
        {phase.step === 'reading' && <Spinner aria-label={t`Reading the file`} />}
        {phase.step === 'problem' && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{texts.problem(phase.problem, phase.detail)}</Alert.Title>
          </Alert.Root>
        )}
        {phase.step === 'columns' && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>
              {t`The file lacks these columns: ${phase.missing.join(', ')}. Use the header row of the template.`}
            </Alert.Title>
          </Alert.Root>
        )}
        {preview && (
          <Stack gap="3" data-testid="quiz-import-preview">
            <Text fontWeight="semibold">
              <Trans>
                {i18n.number(preview.count)} question(s) can be added; {i18n.number(preview.invalid.length)}{' '}
                row(s) need fixing.
              </Trans>
            </Text>
            {preview.invalid.length > 0 && (
              <Box as="ul" ps="5" fontSize="sm" data-testid="quiz-import-errors">
                {preview.invalid.slice(0, 200).map((r) => (
                  <li key={r.row}>
                    <Trans>Row {r.row}:</Trans> {r.reasons.map(texts.reason).join(' ')}
                  </li>
                ))}
              </Box>
            )}
          </Stack>
        )}
      </Stack>
    </DialogShell>
  );
}
