import {
  Badge,
  Button,
  Card,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { MAX_OPTIONS, type QuestionKind, type QuizQuestion } from '#contract/resources/quiz.ts';
import { translateIssue } from '@/ui/form/validation-messages';
import { PlusIcon, TrashIcon } from '@/ui/resource/resource-icons';
import { MoveButtons, SortableList } from '@/ui/sortable/sortable-list';
import { type Ask, focusItem, numberInput, numberValue, removeAt } from './quiz-builder-parts';
import { copyOption, type DraftErrors, duplicateAt, markCorrect, moveItem, newOption } from './quiz-draft';
import { CopyIcon } from './quiz-icons';
import { QuizOptionRow } from './quiz-option-row';

type Props = {
  question: QuizQuestion;
  index: number;
  count: number;
  /** `sections.{s}.questions.{q}`: where the contract's messages for it are. */
  path: string;
  errors: DraftErrors;
  readOnly: boolean;
  dragHandle: ReactNode;
  full: boolean;
  ask: Ask;
  onChange: (q: QuizQuestion) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
};

/** A question: its text, kind, score and options (each option reordered, duplicated, deleted). */
export function QuizQuestionCard(props: Props) {
  const { question: q, index, count, path, errors, readOnly, dragHandle, full, ask } = props;
  const { t, i18n } = useLingui();
  const label = t`question ${index + 1}`;
  const err = (key: string) =>
    errors[`${path}.${key}`] ? translateIssue(i18n, errors[`${path}.${key}`]!) : undefined;
  const setOptions = (options: QuizQuestion['options']) => props.onChange({ ...q, options });
  const optionsError = err('options');
  return (
    <Card.Root size="sm" variant="outline" data-testid="quiz-question" data-path={path} data-item-id={q.id}>
      <Card.Body gap="3" px={{ base: '2', md: '4' }}>
        <HStack justify="space-between" gap="1" wrap="wrap">
          <Badge variant="solid" colorPalette="blue">
            <Trans>Question {index + 1}</Trans>
          </Badge>
          {!readOnly && (
            <HStack gap="0">
              {dragHandle}
              <MoveButtons id={q.id} index={index} count={count} name={label} onMove={props.onMove} />
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
        <Field.Root invalid={!!err('text')} data-field={`${path}.text`}>
          <Field.Label>
            <Trans>Question</Trans>
          </Field.Label>
          <Textarea
            value={q.text}
            readOnly={readOnly}
            rows={2}
            autoresize
            onChange={(e) => props.onChange({ ...q, text: e.currentTarget.value })}
            data-testid="question-text"
          />
          {err('text') && <Field.ErrorText>{err('text')}</Field.ErrorText>}
        </Field.Root>
        <HStack gap="3" align="flex-start" wrap="wrap">
          <Field.Root flex="1 1 10rem">
            <Field.Label>
              <Trans>Answer type</Trans>
            </Field.Label>
            <NativeSelect.Root disabled={readOnly}>
              <NativeSelect.Field
                value={q.kind}
                onChange={(e) => props.onChange({ ...q, kind: e.currentTarget.value as QuestionKind })}
                data-testid="question-kind"
              >
                <option value="single">{t`Single choice`}</option>
                <option value="multiple">{t`Multiple choice`}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root flex="0 1 7rem" invalid={!!err('score')} data-field={`${path}.score`}>
            <Field.Label>
              <Trans>Score</Trans>
            </Field.Label>
            <Input
              {...numberInput}
              value={numberValue(q.score)}
              readOnly={readOnly}
              onChange={(e) => props.onChange({ ...q, score: Number(e.currentTarget.value || Number.NaN) })}
              data-testid="question-score"
            />
            {err('score') && <Field.ErrorText>{err('score')}</Field.ErrorText>}
          </Field.Root>
        </HStack>
        <Stack gap="2" role="group" aria-label={t`Options of ${label}`} data-field={`${path}.options`}>
          <Text fontSize="sm" fontWeight="medium">
            {q.kind === 'single' ? (
              <Trans>Options: choose the correct one</Trans>
            ) : (
              <Trans>Options: tick every correct one</Trans>
            )}
          </Text>
          <SortableList
            ids={q.options.map((o) => o.id)}
            label={t`Options of ${label}`}
            nameOf={(id) => t`option ${q.options.findIndex((o) => o.id === id) + 1}`}
            onMove={(from, to) => setOptions(moveItem(q.options, from, to))}
            enabled={!readOnly}
          >
            {(id, oi, handle) => {
              const option = q.options[oi]!;
              return (
                <QuizOptionRow
                  key={id}
                  option={option}
                  index={oi}
                  count={q.options.length}
                  questionId={q.id}
                  questionLabel={label}
                  kind={q.kind}
                  error={errors[`${path}.options.${oi}.text`]}
                  readOnly={readOnly}
                  dragHandle={handle.dragHandle}
                  full={q.options.length >= MAX_OPTIONS}
                  onChange={(patch) =>
                    setOptions(q.options.map((o) => (o.id === id ? { ...o, ...patch } : o)))
                  }
                  onCorrect={(correct) => props.onChange(markCorrect(q, id, correct))}
                  onMove={(from, to) => setOptions(moveItem(q.options, from, to))}
                  onDuplicate={() => {
                    const next = duplicateAt(q.options, oi, copyOption);
                    setOptions(next);
                    focusItem(next[oi + 1]!.id);
                  }}
                  onRemove={() =>
                    ask({
                      title: t`Delete option ${oi + 1} of ${label}?`,
                      blank: !option.text.trim(),
                      run: () => setOptions(removeAt(q.options, oi)),
                    })
                  }
                />
              );
            }}
          </SortableList>
          {optionsError && (
            <Text color="fg.error" fontSize="sm" role="alert" data-testid="options-error">
              {optionsError}
            </Text>
          )}
          {!readOnly && (
            <Button
              size="sm"
              variant="outline"
              alignSelf="flex-start"
              minH="10"
              disabled={q.options.length >= MAX_OPTIONS}
              onClick={() => {
                const option = newOption();
                setOptions([...q.options, option]);
                focusItem(option.id);
              }}
            >
              <PlusIcon />
              <Trans>Add option</Trans>
            </Button>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
