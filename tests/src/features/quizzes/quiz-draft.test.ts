import { describe, expect, it } from 'vitest';
import {
  PASSING_SCORE_ABOVE_TOTAL,
  QUESTION_NEEDS_CORRECT,
  QUESTION_NEEDS_TWO_OPTIONS,
  QUESTION_SCORE_RANGE,
  QUESTION_TEXT_REQUIRED,
  QUIZ_NAME_REQUIRED,
  SINGLE_CHOICE_ONE_CORRECT,
} from '#contract/resources/quiz-messages.ts';
import {
  checkDraft,
  copySection,
  duplicateAt,
  markCorrect,
  moveItem,
  newDraft,
  newOption,
  newQuestion,
} from '@/features/quizzes/quiz-draft';

const validDraft = () => {
  const d = newDraft();
  d.name = 'Press safety';
  const q = d.sections[0]!.questions[0]!;
  q.text = 'Which guard?';
  q.options = [newOption('Front', true), newOption('None')];
  return d;
};

describe('the quiz builder’s draft', () => {
  it('has nothing to say about a valid quiz', () => {
    expect(checkDraft(validDraft())).toEqual({});
  });

  it('puts each contract message at the question or option that breaks it, blank texts and rules together', () => {
    const d = validDraft();
    d.name = ' ';
    const [q] = d.sections[0]!.questions;
    q!.text = '';
    q!.options = [newOption('Only', true)];
    const two = newQuestion();
    two.text = 'Two correct';
    two.options = [newOption('A', true), newOption('B', true)];
    const none = newQuestion();
    none.text = 'None correct';
    none.options = [newOption('A'), newOption('B')];
    d.sections[0]!.questions.push(two, none);
    d.passingScore = 99;
    expect(checkDraft(d)).toEqual({
      name: QUIZ_NAME_REQUIRED,
      'sections.0.questions.0.text': QUESTION_TEXT_REQUIRED,
      'sections.0.questions.0.options': QUESTION_NEEDS_TWO_OPTIONS,
      'sections.0.questions.1.options': SINGLE_CHOICE_ONE_CORRECT,
      'sections.0.questions.2.options': QUESTION_NEEDS_CORRECT,
      passingScore: PASSING_SCORE_ABOVE_TOTAL,
    });
  });

  it('says a cleared score needs a number', () => {
    const d = validDraft();
    d.sections[0]!.questions[0]!.score = Number.NaN;
    expect(checkDraft(d)).toEqual({ 'sections.0.questions.0.score': QUESTION_SCORE_RANGE });
  });

  it('keeps one correct option in a single-choice question, several in a multiple-choice one', () => {
    const q = { ...newQuestion(), options: [newOption('A', true), newOption('B'), newOption('C')] };
    const single = markCorrect(q, q.options[2]!.id, true);
    expect(single.options.map((o) => o.correct)).toEqual([false, false, true]);
    const multiple = markCorrect({ ...q, kind: 'multiple' }, q.options[2]!.id, true);
    expect(multiple.options.map((o) => o.correct)).toEqual([true, false, true]);
  });

  it('moves and duplicates (with new ids everywhere) without touching the others', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
    const d = validDraft();
    const sections = duplicateAt(d.sections, 0, copySection);
    expect(sections).toHaveLength(2);
    const [a, b] = sections;
    expect(b!.questions[0]!.text).toBe(a!.questions[0]!.text);
    expect(b!.id).not.toBe(a!.id);
    expect(b!.questions[0]!.id).not.toBe(a!.questions[0]!.id);
    expect(b!.questions[0]!.options[0]!.id).not.toBe(a!.questions[0]!.options[0]!.id);
  });
});
