import { chakra, Field, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { QuestionKind, QuizOption } from '#contract/resources/quiz.ts';
import { translateIssue } from '@/ui/form/validation-messages';
import { TrashIcon } from '@/ui/resource/resource-icons';
import { MoveButtons } from '@/ui/sortable/sortable-list';
import { CopyIcon } from './quiz-icons';

type Props = {
  option: QuizOption;
  index: number;
  count: number;
  /** The question's id: the radio group of a single-choice question. */
  questionId: string;
  questionLabel: string;
  kind: QuestionKind;
  error?: string;
  readOnly: boolean;
  dragHandle: ReactNode;
  full: boolean;
  onChange: (patch: Partial<QuizOption>) => void;
  onCorrect: (correct: boolean) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
};

/** One option: "correct" (a radio for single choice, a checkbox for multiple), its text, its order. */
export function QuizOptionRow(props: Props) {
  const { option, index, count, questionId, questionLabel, kind, error, readOnly, dragHandle, full } = props;
  const { t, i18n } = useLingui();
  const name = t`option ${index + 1} of ${questionLabel}`;
  return (
    <Stack gap="1" data-testid="quiz-option" data-item-id={option.id}>
      <HStack gap="1" align="center" wrap="wrap">
        <chakra.label
          display="flex"
          alignItems="center"
          justifyContent="center"
          minW="10"
          h="10"
          flexShrink="0"
          cursor={readOnly ? undefined : 'pointer'}
          title={t`Correct answer`}
        >
          <chakra.input
            type={kind === 'single' ? 'radio' : 'checkbox'}
            name={kind === 'single' ? `correct-${questionId}` : undefined}
            checked={option.correct}
            disabled={readOnly}
            onChange={(e) => props.onCorrect(e.currentTarget.checked)}
            aria-label={t`Option ${index + 1} is correct`}
            boxSize="5"
            accentColor="green.600"
          />
        </chakra.label>
        <Field.Root invalid={!!error} flex="1 1 12rem" minW="0">
          <Input
            value={option.text}
            readOnly={readOnly}
            onChange={(e) => props.onChange({ text: e.currentTarget.value })}
            aria-label={t`Option ${index + 1}`}
            placeholder={t`Option ${index + 1}`}
            data-testid="option-text"
          />
        </Field.Root>
        {!readOnly && (
          <HStack gap="0" justify="flex-end" ms="auto">
            {dragHandle}
            <MoveButtons id={option.id} index={index} count={count} name={name} onMove={props.onMove} />
            <IconButton
              size={{ base: 'md', md: 'sm' }}
              variant="ghost"
              aria-label={t`Duplicate ${name}`}
              disabled={full}
              onClick={props.onDuplicate}
            >
              <CopyIcon />
            </IconButton>
            <IconButton
              size={{ base: 'md', md: 'sm' }}
              variant="ghost"
              colorPalette="red"
              aria-label={t`Delete ${name}`}
              onClick={props.onRemove}
            >
              <TrashIcon />
            </IconButton>
          </HStack>
        )}
      </HStack>
      {error && (
        <chakra.p color="fg.error" fontSize="sm" role="alert">
          {translateIssue(i18n, error)}
        </chakra.p>
      )}
    </Stack>
  );
}
