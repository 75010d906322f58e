import { HStack, Input, NativeSelect, RadioGroup, SimpleGrid, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller } from 'react-hook-form';
import { GENDERS, PREFIXES } from '#contract/constants.ts';
import type { ProfileForm } from '@/features/profile/profile-form';
import { FormField } from '@/ui/form/form-field';
import type { useZodForm } from '@/ui/form/use-zod-form';

type Props = {
  form: ReturnType<typeof useZodForm<ProfileForm, ProfileForm>>;
  employeeID: string;
  /** A new address waiting for its link to be opened. */
  pendingEmail?: string | null;
};

export function ProfileFields({ form, employeeID, pendingEmail }: Props) {
  const { t } = useLingui();
  const genderLabel = { male: t`Male`, female: t`Female` };

  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <FormField name="employeeID" label={t`Employee ID`} readOnly>
        <Input value={employeeID} readOnly bg="bg.muted" />
      </FormField>
      <FormField name="prefix" label={t`Prefix`}>
        <Controller
          control={form.control}
          name="prefix"
          render={({ field }) => (
            <NativeSelect.Root>
              <NativeSelect.Field
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.value || null)}
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
          )}
        />
      </FormField>
      <FormField name="firstName" label={t`First name`} error={form.errorOf('firstName')} required>
        <Input {...form.register('firstName')} autoComplete="given-name" />
      </FormField>
      <FormField name="lastName" label={t`Last name`} error={form.errorOf('lastName')} required>
        <Input {...form.register('lastName')} autoComplete="family-name" />
      </FormField>
      <FormField name="email" label={t`E-mail`} error={form.errorOf('email')} required gridColumn="1 / -1">
        <Input {...form.register('email')} type="email" autoComplete="email" />
        {pendingEmail && (
          <Text fontSize="sm" color="fg.muted" data-testid="pending-email">
            <Trans>
              Waiting for confirmation: {pendingEmail}. The address changes when the link we sent there is
              opened.
            </Trans>
          </Text>
        )}
      </FormField>
      <FormField name="gender" label={t`Gender`} labelId="gender-label" gridColumn="1 / -1">
        <Controller
          control={form.control}
          name="gender"
          render={({ field }) => (
            <RadioGroup.Root
              name={field.name}
              value={field.value ?? ''}
              onValueChange={(e) => field.onChange(e.value)}
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
          )}
        />
      </FormField>
    </SimpleGrid>
  );
}
