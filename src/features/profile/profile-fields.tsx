import { Field, HStack, Input, NativeSelect, RadioGroup, SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { GENDERS, PREFIXES } from '#contract/constants.ts';
import type { UserProfile } from '#contract/profile.ts';

export type ProfileForm = Pick<UserProfile, 'prefix' | 'firstName' | 'lastName' | 'email' | 'gender'>;
export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;
type Props = {
  value: ProfileForm;
  employeeID: string;
  errors: ProfileErrors;
  onChange: (v: ProfileForm) => void;
};

export function ProfileFields({ value, employeeID, errors, onChange }: Props) {
  const { t } = useLingui();
  const set = <K extends keyof ProfileForm>(key: K, v: ProfileForm[K]) => onChange({ ...value, [key]: v });
  const genderLabel = { male: t`Male`, female: t`Female` };

  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <Field.Root readOnly>
        <Field.Label>{t`Employee ID`}</Field.Label>
        <Input value={employeeID} readOnly bg="bg.muted" />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t`Prefix`}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={value.prefix ?? ''}
            onChange={(e) => set('prefix', (e.target.value || null) as ProfileForm['prefix'])}
          >
            <option value="">{t`None`}</option>
            {PREFIXES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root required invalid={!!errors.firstName}>
        <Field.Label>{t`First name`}</Field.Label>
        <Input
          value={value.firstName}
          onChange={(e) => set('firstName', e.target.value)}
          autoComplete="given-name"
        />
        <Field.ErrorText>{errors.firstName}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={!!errors.lastName}>
        <Field.Label>{t`Last name`}</Field.Label>
        <Input
          value={value.lastName}
          onChange={(e) => set('lastName', e.target.value)}
          autoComplete="family-name"
        />
        <Field.ErrorText>{errors.lastName}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={!!errors.email} gridColumn={{ sm: 'span 2' }}>
        <Field.Label>{t`E-mail`}</Field.Label>
        <Input
          type="email"
          value={value.email}
          onChange={(e) => set('email', e.target.value)}
          autoComplete="email"
        />
        <Field.ErrorText>{errors.email}</Field.ErrorText>
      </Field.Root>
      <Field.Root gridColumn={{ sm: 'span 2' }}>
        <Field.Label id="gender-label">{t`Gender`}</Field.Label>
        <RadioGroup.Root
          value={value.gender ?? ''}
          onValueChange={(e) => set('gender', e.value as ProfileForm['gender'])}
          aria-labelledby="gender-label"
        >
          <HStack gap="6">
            {GENDERS.map((g) => (
              <RadioGroup.Item key={g} value={g}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{genderLabel[g]}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
      </Field.Root>
    </SimpleGrid>
  );
}
