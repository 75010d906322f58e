import { Alert, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { v7 } from 'uuid';
import { MAX_SECTIONS } from '#contract/resources/quiz.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { mutate } from '@/data/outbox/outbox';
import { StorageFullError } from '@/data/outbox/outbox-errors';
import { ConfirmDialog } from '@/ui/dialog/confirm-dialog';
import { fieldErrorsOf } from '@/ui/form/field-errors';
import { translateIssue } from '@/ui/form/validation-messages';
import { mergeEdit } from '@/ui/resource/form/form-values';
import { STORAGE_FULL } from '@/ui/resource/form/write-error';
import { PlusIcon } from '@/ui/resource/resource-icons';
import { SortableList } from '@/ui/sortable/sortable-list';
import { toaster } from '@/ui/toaster';
import { type Ask, focusItem, removeAt } from './quiz-builder-parts';
import { courseSlotProblem } from './quiz-course-slots';
import {
  checkDraft,
  copySection,
  type DraftErrors,
  draftOf,
  duplicateAt,
  isBlankSection,
  moveItem,
  newDraft,
  newSection,
  type QuizDraft,
} from './quiz-draft';
import { QuizFileActions } from './quiz-file-actions';
import { QUIZZES_PATH } from './quiz-paths';
import { QuizPreviewButton } from './quiz-preview';
import { QuizSectionCard } from './quiz-section-card';
import { QuizSettings } from './quiz-settings';
import { useLeaveGuard } from './use-leave-guard';

type Props = { db: LocalDb; row: LocalRow | null; readOnly: boolean };

/** Focuses the first field the checks marked (or shows the first message that is no field). */
function showFirstProblem() {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>(
      '[data-invalid] :is(input, textarea, select), [data-testid$="s-error"]',
    );
    first?.scrollIntoView({ block: 'center' });
    if (first?.matches('input, textarea, select')) first.focus();
  });
}

/**
 * The whole quiz is edited here and saved as one record through the outbox (offline too):
 * "saved" is said once the row and its outbox entry are committed on this device.
 */
export function QuizBuilder({ db, row, readOnly }: Props) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [opened] = useState<QuizDraft>(() => (row ? draftOf(row) : newDraft()));
  const [id] = useState(() => row?.id ?? v7());
  const [draft, setDraft] = useState<QuizDraft>(opened);
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState<{ title: string; run: () => void } | null>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(opened);
  const guard = useLeaveGuard(dirty && !readOnly);
  // Once a save was tried, the messages follow every edit.
  const errors = useMemo(
    () => (checked ? { ...refused, ...checkDraft(draft) } : refused),
    [checked, draft, refused],
  );

  const change = (patch: Partial<QuizDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // A refusal of a field goes once the admin changes that field.
    setRefused((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !(k in patch))));
  };
  const setSections = (sections: QuizDraft['sections']) => change({ sections });
  const ask: Ask = ({ title, blank, run }) => (blank ? run() : setAsking({ title, run }));

  async function save() {
    if (saving) return;
    setProblem(null);
    setRefused({});
    setChecked(true);
    if (Object.keys(checkDraft(draft)).length) {
      setProblem(t`Some parts of the quiz need attention: see the messages below.`);
      showFirstProblem();
      return;
    }
    setSaving(true);
    try {
      const slots = row && draft.type !== opened.type ? await courseSlotProblem(db, id, draft.type) : null;
      if (slots) {
        setRefused({ type: slots });
        setProblem(t`Some parts of the quiz need attention: see the messages below.`);
        showFirstProblem();
        return;
      }
      if (row) {
        // Edited elsewhere meanwhile (a pull, another tab): what I left alone takes their value.
        const theirs = await db.rows('Quiz').get(id);
        const fields =
          theirs && theirs.rev !== row.rev ? mergeEdit(opened, draft, draftOf(theirs)).merged : draft;
        await mutate(db, { resource: 'Quiz', op: 'update', payload: { ...fields, id } });
      } else await mutate(db, { resource: 'Quiz', op: 'create', payload: { ...draft, id } });
      toaster.create({
        type: 'success',
        title: row ? t`Quiz updated successfully.` : t`Quiz added successfully.`,
      });
      guard.allowLeave();
      void navigate(QUIZZES_PATH);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) {
        setRefused(fields);
        setProblem(t`Some parts of the quiz need attention: see the messages below.`);
        showFirstProblem();
      } else if (error instanceof StorageFullError) setProblem(i18n._(STORAGE_FULL));
      else setProblem(t`The change could not be saved on this device. Please try again.`);
    } finally {
      setSaving(false);
    }
  }

  const sectionsError = errors.sections;
  return (
    <Stack gap="5">
      <Card.Root size="sm">
        <Card.Body px={{ base: '3', md: '5' }}>
          <QuizSettings draft={draft} errors={errors} readOnly={readOnly} onChange={change} />
        </Card.Body>
      </Card.Root>
      <HStack gap="2" wrap="wrap">
        <QuizPreviewButton draft={draft} />
        <QuizFileActions
          draft={draft}
          readOnly={readOnly}
          onImport={(sections) =>
            setSections([...draft.sections.filter((s) => !isBlankSection(s)), ...sections])
          }
        />
      </HStack>
      <SortableList
        ids={draft.sections.map((s) => s.id)}
        label={t`Sections of the quiz`}
        nameOf={(sid) => t`section ${draft.sections.findIndex((s) => s.id === sid) + 1}`}
        onMove={(from, to) => setSections(moveItem(draft.sections, from, to))}
        enabled={!readOnly}
        testId="quiz-sections"
      >
        {(sid, si, handle) => {
          const section = draft.sections[si]!;
          return (
            <QuizSectionCard
              section={section}
              index={si}
              count={draft.sections.length}
              errors={errors}
              readOnly={readOnly}
              dragHandle={handle.dragHandle}
              full={draft.sections.length >= MAX_SECTIONS}
              ask={ask}
              onChange={(next) => setSections(draft.sections.map((s) => (s.id === sid ? next : s)))}
              onMove={(from, to) => setSections(moveItem(draft.sections, from, to))}
              onDuplicate={() => {
                const next = duplicateAt(draft.sections, si, copySection);
                setSections(next);
                focusItem(next[si + 1]!.id);
              }}
              onRemove={() =>
                ask({
                  title: t`Delete section ${si + 1} and its questions?`,
                  blank: isBlankSection(section),
                  run: () => setSections(removeAt(draft.sections, si)),
                })
              }
            />
          );
        }}
      </SortableList>
      {sectionsError && (
        <Text color="fg.error" role="alert" data-testid="sections-error">
          {translateIssue(i18n, sectionsError)}
        </Text>
      )}
      {!readOnly && (
        <Button
          variant="outline"
          alignSelf="flex-start"
          minH="10"
          disabled={draft.sections.length >= MAX_SECTIONS}
          onClick={() => {
            const section = newSection();
            setSections([...draft.sections, section]);
            focusItem(section.id);
          }}
          data-testid="add-section"
        >
          <PlusIcon />
          <Trans>Add section</Trans>
        </Button>
      )}
      {problem && (
        <Alert.Root status="error" data-testid="quiz-problem">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      <HStack justify="flex-end" gap="2" wrap="wrap">
        <Button variant="outline" minH="10" onClick={() => void navigate(QUIZZES_PATH)}>
          {readOnly ? <Trans>Back to the list</Trans> : <Trans>Cancel</Trans>}
        </Button>
        {!readOnly && (
          <Button minH="10" loading={saving} onClick={() => void save()} data-testid="save-quiz">
            <Trans>Save quiz</Trans>
          </Button>
        )}
      </HStack>
      <ConfirmDialog
        open={!!asking}
        title={asking?.title ?? ''}
        confirmLabel={<Trans>Delete</Trans>}
        destructive
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          asking?.run();
          setAsking(null);
        }}
      >
        <Text>
          <Trans>It is removed from the quiz when you save.</Trans>
        </Text>
      </ConfirmDialog>
      {guard.dialog}
    </Stack>
  );
}
