import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { type QuizSection, totalScore } from '#contract/resources/quiz.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';

type CellProps = { db: LocalDb; row: LocalRow };

const sectionsOf = (row: LocalRow) => (Array.isArray(row.sections) ? (row.sections as QuizSection[]) : []);

/** How many questions a quiz has, over all its sections. */
export const questionCount = (row: LocalRow) => sectionsOf(row).reduce((n, s) => n + s.questions.length, 0);

export function QuestionCountCell({ row }: CellProps) {
  const { i18n } = useLingui();
  return <Text>{i18n.number(questionCount(row))}</Text>;
}

export function TotalScoreCell({ row }: CellProps) {
  const { i18n } = useLingui();
  return <Text>{i18n.number(totalScore(sectionsOf(row)))}</Text>;
}

/** The passing score, or a dash while none is set (spec section 5: it must be set first). */
export function PassingScoreCell({ row }: CellProps) {
  const { i18n, t } = useLingui();
  const score = row.passingScore;
  return typeof score === 'number' ? (
    <Text>{i18n.number(score)}</Text>
  ) : (
    <Text color="fg.muted" aria-label={t`Not set`}>
      —
    </Text>
  );
}
