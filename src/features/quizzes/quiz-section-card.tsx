import { Badge, Button, Card, Field, Heading, HStack, IconButton, Input, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { MAX_QUESTIONS_PER_SECTION, type QuizSection, totalScore } from '#contract/resources/quiz.ts';
import { translateIssue } from '@/ui/form/validation-messages';
import { PlusIcon, TrashIcon } from '@/ui/resource/resource-icons';
import { MoveButtons, SortableList } from '@/ui/sortable/sortable-list';
import { type Ask, focusItem, removeAt } from './quiz-builder-parts';
import {
  copyQuestion,
  type DraftErrors,
  duplicateAt,
  isBlankQuestion,
  moveItem,
  newQuestion,
} from './quiz-draft';
import { CopyIcon } from './quiz-icons';
import { QuizQuestionCard } from './quiz-question-card';

type Props = {
  section: QuizSection;
  index: number;
  count: number;
  errors: DraftErrors;
  readOnly: boolean;
  dragHandle: ReactNode;
  full: boolean;
  ask: Ask;
  onChange: (s: QuizSection) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
};

/** A section: its title and its questions, in order. */
export function QuizSectionCard(props: Props) {
  const { section: s, index, count, errors, readOnly, dragHandle, full, ask } = props;
  const { t, i18n } = useLingui();
  const label = t`section ${index + 1}`;
  const path = `sections.${index}`;
  const setQuestions = (questions: QuizSection['questions']) => props.onChange({ ...s, questions });
  const questionCount = i18n.number(s.questions.length);
  const points = i18n.number(totalScore([s]) || 0);
  const titleError = errors[`${path}.title`];
  return (
    <Card.Root size="sm" data-testid="quiz-section" data-item-id={s.id} bg="bg.subtle">
      <Card.Body gap="3" px={{ base: '2', md: '4' }}>
        <HStack justify="space-between" gap="1" wrap="wrap">
          <HStack gap="2">
            <Heading as="h2" size="md">
              <Trans>Section {index + 1}</Trans>
            </Heading>
            <Badge variant="surface">
              <Trans>
                {questionCount} question(s), {points} point(s)
              </Trans>
            </Badge>
          </HStack>
          {!readOnly && (
            <HStack gap="0">
              {dragHandle}
              <MoveButtons id={s.id} index={index} count={count} name={label} onMove={props.onMove} />
              <IconButton
                size={{ base: 'md', md: 'sm' }}
                variant="ghost"
                aria-label={t`Duplicate ${label}`}
                disabled={full}
                onClick={props.onDuplicate}
              >
                <CopyIcon />
              </IconButton>
              <IconButton
                size={{ base: 'md', md: 'sm' }}
                variant="ghost"
                colorPalette="red"
                aria-label={t`Delete ${label}`}
                onClick={props.onRemove}
              >
                <TrashIcon />
              </IconButton>
            </HStack>
          )}
        </HStack>
        <Field.Root invalid={!!titleError}>
          <Field.Label>
            <Trans>Section title (optional)</Trans>
          </Field.Label>
          <Input
            value={s.title}
            readOnly={readOnly}
            bg="bg"
            onChange={(e) => props.onChange({ ...s, title: e.currentTarget.value })}
            data-testid="section-title"
          />
          {titleError && <Field.ErrorText>{translateIssue(i18n, titleError)}</Field.ErrorText>}
        </Field.Root>
        {s.questions.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            <Trans>This section has no questions yet.</Trans>
          </Text>
        )}
        <SortableList
          ids={s.questions.map((q) => q.id)}
          label={t`Questions of ${label}`}
          nameOf={(id) => t`question ${s.questions.findIndex((q) => q.id === id) + 1}`}
          onMove={(from, to) => setQuestions(moveItem(s.questions, from, to))}
          enabled={!readOnly}
        >
          {(id, qi, handle) => {
            const question = s.questions[qi]!;
            return (
              <QuizQuestionCard
                question={question}
                index={qi}
                count={s.questions.length}
                path={`${path}.questions.${qi}`}
                errors={errors}
                readOnly={readOnly}
                dragHandle={handle.dragHandle}
                full={s.questions.length >= MAX_QUESTIONS_PER_SECTION}
                ask={ask}
                onChange={(next) => setQuestions(s.questions.map((x) => (x.id === id ? next : x)))}
                onMove={(from, to) => setQuestions(moveItem(s.questions, from, to))}
                onDuplicate={() => {
                  const next = duplicateAt(s.questions, qi, copyQuestion);
                  setQuestions(next);
                  focusItem(next[qi + 1]!.id);
                }}
                onRemove={() =>
                  ask({
                    title: t`Delete question ${qi + 1} of ${label}?`,
                    blank: isBlankQuestion(question),
                    run: () => setQuestions(removeAt(s.questions, qi)),
                  })
                }
              />
            );
          }}
        </SortableList>
        {!readOnly && (
          <Button
            size="sm"
            variant="outline"
            bg="bg"
            alignSelf="flex-start"
            minH="10"
            disabled={s.questions.length >= MAX_QUESTIONS_PER_SECTION}
            onClick={() => {
              const question = newQuestion();
              setQuestions([...s.questions, question]);
              focusItem(question.id);
            }}
            data-testid="add-question"
          >
            <PlusIcon />
            <Trans>Add question</Trans>
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}
