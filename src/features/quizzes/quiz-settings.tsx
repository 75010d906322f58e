import { Field, Input, NativeSelect, SimpleGrid, Switch } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { QUIZ_TYPES, type QuizType, totalScore } from '#contract/resources/quiz.ts';
import { translateIssue } from '@/ui/form/validation-messages';
import { numberInput, numberValue } from './quiz-builder-parts';
import type { DraftErrors, QuizDraft } from './quiz-draft';
import { QUIZ_TYPE_LABELS } from './quiz-labels';

type Props = {
  draft: QuizDraft;
  errors: DraftErrors;
  readOnly: boolean;
  onChange: (patch: Partial<QuizDraft>) => void;
};

const wholeOrNaN = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Name, type, passing score (with the total), and how the learner takes the quiz. */
export function QuizSettings({ draft, errors, readOnly, onChange }: Props) {
  const { t, i18n } = useLingui();
  const err = (field: string) => (errors[field] ? translateIssue(i18n, errors[field]) : undefined);
  const total = i18n.number(totalScore(draft.sections) || 0);
  const numberField = (
    field: 'passingScore' | 'timeLimitMinutes' | 'attemptLimit',
    label: ReactNode,
    helper: ReactNode,
    parse: (text: string) => number | null,
  ) => (
    <Field.Root invalid={!!err(field)} readOnly={readOnly} data-field={field}>
      <Field.Label>{label}</Field.Label>
      <Input
        {...numberInput}
        value={numberValue(draft[field])}
        onChange={(e) => onChange({ [field]: parse(e.currentTarget.value) })}
        data-testid={`quiz-${field}`}
      />
      <Field.HelperText>{helper}</Field.HelperText>
      {err(field) && <Field.ErrorText>{err(field)}</Field.ErrorText>}
    </Field.Root>
  );
  const toggle = (field: 'randomOrder' | 'showSelectedAnswers' | 'showCorrectAnswers', label: string) => (
    <Switch.Root
      checked={draft[field]}
      disabled={readOnly}
      onCheckedChange={(e) => onChange({ [field]: e.checked })}
      minH="10"
    >
      <Switch.HiddenInput data-testid={`quiz-${field}`} />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Field.Root
        invalid={!!err('name')}
        required
        readOnly={readOnly}
        gridColumn={{ md: '1 / -1' }}
        data-field="name"
      >
        <Field.Label>
          <Trans>Quiz name</Trans>
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={draft.name}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          data-testid="quiz-name"
        />
        {err('name') && <Field.ErrorText>{err('name')}</Field.ErrorText>}
      </Field.Root>
      <Field.Root disabled={readOnly} invalid={!!err('type')} data-field="type">
        <Field.Label>
          <Trans>Quiz type</Trans>
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={draft.type}
            onChange={(e) => onChange({ type: e.currentTarget.value as QuizType })}
            data-testid="quiz-type"
          >
            {QUIZ_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(QUIZ_TYPE_LABELS[type])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {err('type') && <Field.ErrorText>{err('type')}</Field.ErrorText>}
      </Field.Root>
      {numberField(
        'passingScore',
        <Trans>Passing score</Trans>,
        <Trans>Total score of the questions: {total}. Leave empty for no pass mark.</Trans>,
        (text) => (text.trim() === '' ? null : Number(text)),
      )}
      {numberField(
        'timeLimitMinutes',
        <Trans>Time limit (minutes)</Trans>,
        <Trans>0: no time limit.</Trans>,
        wholeOrNaN,
      )}
      {numberField(
        'attemptLimit',
        <Trans>Limited submit (attempts)</Trans>,
        <Trans>0: unlimited attempts.</Trans>,
        wholeOrNaN,
      )}
      {toggle('randomOrder', t`Random order of questions and options`)}
      {toggle('showSelectedAnswers', t`Show the learner's selected answers after submitting`)}
      {toggle('showCorrectAnswers', t`Show the correct answers after submitting`)}
    </SimpleGrid>
  );
}
