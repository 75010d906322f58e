import { GAPS } from '#contract/skill-gaps.ts';
import type { Cell, MatrixModel, PersonRow, SkillColumn } from './skill-matrix-model';

// A built chart as flat arrays, so the whole chart can be built off the main thread (see
// skill-chart-thread.ts) and handed over without the main thread rebuilding tens of thousands of
// objects: the cells' gaps, required levels and assessments travel as typed arrays (transferred,
// not copied), the dates as indexes into one table of the distinct date strings.

export type PackedModel = {
  skills: SkillColumn[];
  people: PersonRow[];
  /** Per cell (person-major: person * skills + skill): the index of its gap in GAPS. */
  gap: Uint8Array;
  required: Float64Array;
  /** 1 where the cell has an assessment that counts. */
  assessed: Uint8Array;
  level: Float64Array;
  /** Indexes into `days`. */
  assessedOn: Uint32Array;
  dueOn: Uint32Array;
  days: string[];
};

/** Packs a built chart (every cell of its people and skills); `partial` charts are never packed. */
export function packModel(model: MatrixModel): PackedModel {
  const { people, skills } = model;
  const n = people.length * skills.length;
  const packed: PackedModel = {
    skills,
    people,
    gap: new Uint8Array(n),
    required: new Float64Array(n),
    assessed: new Uint8Array(n),
    level: new Float64Array(n),
    assessedOn: new Uint32Array(n),
    dueOn: new Uint32Array(n),
    days: [],
  };
  const dayIndex = new Map<string, number>();
  const day = (s: string) => {
    let i = dayIndex.get(s);
    if (i === undefined) {
      i = packed.days.length;
      packed.days.push(s);
      dayIndex.set(s, i);
    }
    return i;
  };
  const gapIndex = new Map(GAPS.map((g, i) => [g, i]));
  let i = 0;
  for (const person of people)
    for (const skill of skills) {
      const c = model.cell(person, skill);
      packed.gap[i] = gapIndex.get(c.gap)!;
      packed.required[i] = c.required;
      if (c.assessment) {
        packed.assessed[i] = 1;
        packed.level[i] = c.assessment.level;
        packed.assessedOn[i] = day(c.assessment.assessedOn);
        packed.dueOn[i] = day(c.assessment.dueOn);
      }
      i += 1;
    }
  return packed;
}

/** What moves to the other thread instead of being copied. */
export const packedBuffers = (p: PackedModel): Transferable[] => [
  p.gap.buffer,
  p.required.buffer,
  p.assessed.buffer,
  p.level.buffer,
  p.assessedOn.buffer,
  p.dueOn.buffer,
];

/** The chart again: each cell read from the arrays when drawn (a person or skill not in it has no requirement). */
export function unpackModel(p: PackedModel): MatrixModel {
  const personAt = new Map(p.people.map((person, i) => [person.id, i]));
  const skillAt = new Map(p.skills.map((skill, i) => [skill.id, i]));
  const width = p.skills.length;
  const cell = (person: { id: string }, skill: { id: string }): Cell => {
    const r = personAt.get(person.id);
    const c = skillAt.get(skill.id);
    if (r === undefined || c === undefined) return { gap: 'notRequired', required: 0, assessment: undefined };
    const i = r * width + c;
    return {
      gap: GAPS[p.gap[i]!]!,
      required: p.required[i]!,
      assessment: p.assessed[i]
        ? { level: p.level[i]!, assessedOn: p.days[p.assessedOn[i]!]!, dueOn: p.days[p.dueOn[i]!]! }
        : undefined,
    };
  };
  return { skills: p.skills, people: p.people, cell, partial: false };
}
