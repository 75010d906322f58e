import { Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { cellLabel, cellText, cellWords, GAP_LOOK } from './skill-matrix-look';
import type { MatrixModel, PersonRow, SkillColumn } from './skill-matrix-model';

const PAGE = 30;

/**
 * The skill chart below 430 px: one card per person with their gaps (what is below, expired or
 * not assessed), each opening the assessment; people who meet everything say so in a line.
 */
export function SkillCards({
  model,
  onOpen,
}: {
  model: MatrixModel;
  onOpen: (person: PersonRow, skill: SkillColumn) => void;
}) {
  const { t, i18n } = useLingui();
  const [shown, setShown] = useState(PAGE);
  const words = useMemo(() => cellWords(i18n), [i18n]);
  return (
    <Stack gap="3" data-testid="skill-cards">
      {model.people.slice(0, shown).map((person) => {
        const gaps = model.skills.flatMap((skill) => {
          const c = model.cell(person, skill);
          return c.required && c.gap !== 'meets' ? [{ skill, c }] : [];
        });
        return (
          <Card.Root key={person.id} size="sm" data-testid="skill-card">
            <Card.Body gap="2">
              <Stack gap="0">
                <Text fontWeight="semibold">{person.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {person.positions}
                </Text>
              </Stack>
              {gaps.length === 0 ? (
                <Text fontSize="sm">
                  <Trans>Meets every required level ({i18n.number(person.required)}).</Trans>
                </Text>
              ) : (
                <Stack gap="1">
                  {gaps.map(({ skill, c }) => {
                    const look = GAP_LOOK[c.gap];
                    return (
                      <Box
                        as="button"
                        key={skill.id}
                        onClick={() => onOpen(person, skill)}
                        aria-label={cellLabel(words, person, skill, c)}
                        data-gap={c.gap}
                        textAlign="start"
                        px="2"
                        py="1.5"
                        borderRadius="md"
                        style={{ background: look.bg, color: look.fg }}
                      >
                        <HStack justify="space-between" gap="2">
                          <Text fontSize="sm">{skill.name}</Text>
                          <Text fontSize="sm" fontVariantNumeric="tabular-nums" flexShrink={0}>
                            {cellText(c)} {i18n._(look.label)}
                          </Text>
                        </HStack>
                      </Box>
                    );
                  })}
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
        );
      })}
      {shown < model.people.length && (
        <Button variant="outline" onClick={() => setShown((n) => n + PAGE)}>
          {t`Show more (${i18n.number(model.people.length - shown)} left)`}
        </Button>
      )}
    </Stack>
  );
}
