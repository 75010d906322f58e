import { Box, Heading, Input, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CompanyProfile, updateCompanyProfileRequest } from '#contract/company.ts';
import { can } from '#contract/permissions.ts';
import { ApiError } from '@/data/http/http-client';
import { updateSession } from '@/data/session/session-store';
import { useSession } from '@/data/session/use-session';
import {
  companyProfileKey,
  getCompanyProfile,
  updateCompanyProfile,
} from '@/features/company-profile/company-api';
import { COMPANY_FIELDS, type CompanyField, valuesOf } from '@/features/company-profile/company-form-values';
import { fieldErrorsOf, setFieldErrors } from '@/ui/form/field-errors';
import { FormAlert } from '@/ui/form/form-alert';
import { FormField } from '@/ui/form/form-field';
import { SubmitButton } from '@/ui/form/submit-button';
import { useZodForm } from '@/ui/form/use-zod-form';
import { translateIssue } from '@/ui/form/validation-messages';
import { NoAccessState } from '@/ui/resource/list/list-states';
import { toaster } from '@/ui/toaster';

const LABELS: Record<CompanyField, MessageDescriptor> = {
  name: msg`Company name`,
  address: msg`Address`,
  province: msg`Province`,
  country: msg`Country`,
  phone: msg`Telephone`,
  contactEmail: msg`Contact e-mail`,
  contactPerson: msg`Contact person`,
};
const REQUIRED: ReadonlySet<CompanyField> = new Set(['name', 'phone', 'contactEmail']);
const INPUT_TYPES: Partial<Record<CompanyField, string>> = { contactEmail: 'email', phone: 'tel' };

/** Company profile (spec section 3): online only, read and saved through the Company API. */
export default function CompanyProfilePage() {
  const { i18n, t } = useLingui();
  const session = useSession();
  const canRead = can(session?.permissions, 'companyProfile', 'read');
  const canUpdate = can(session?.permissions, 'companyProfile', 'update');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: companyProfileKey,
    queryFn: ({ signal }) => getCompanyProfile(signal),
    enabled: canRead,
    // Offline is said at once: a retry would only delay it.
    retry: false,
  });
  const profile = query.data;
  const form = useZodForm(updateCompanyProfileRequest, {
    values: profile ? valuesOf(profile) : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const mutation = useMutation({
    mutationFn: updateCompanyProfile,
    onSuccess: (saved: CompanyProfile) => {
      queryClient.setQueryData(companyProfileKey, saved);
      form.reset(valuesOf(saved));
      updateSession({ companyName: saved.name });
      toaster.create({ type: 'success', title: t`Company profile updated successfully.` });
    },
    onError: (error) => setFieldErrors(form.setError, error),
  });

  function describe(e: unknown): string {
    if (e instanceof ApiError && e.httpStatus === 0)
      return t`You are offline. The company profile can be viewed and changed when you are back online.`;
    if (e instanceof ApiError && e.message) return translateIssue(i18n, e.message);
    return t`Something went wrong. Please try again.`;
  }
  const problem = mutation.isError && !fieldErrorsOf(mutation.error) ? describe(mutation.error) : null;
  const submit = form.handleSubmit(
    (body) => profile && !mutation.isPending && mutation.mutate({ ...body, code: profile.code }),
    () => mutation.reset(),
  );

  let body: React.ReactNode;
  if (!canRead) {
    body = <NoAccessState />;
  } else if (!profile) {
    body = query.isError ? (
      <FormAlert>{describe(query.error)}</FormAlert>
    ) : (
      <Spinner aria-label={t`Loading…`} />
    );
  } else {
    body = (
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack gap="4">
          {problem && <FormAlert>{problem}</FormAlert>}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField
              name="code"
              label={t`Company code`}
              helper={t`The company code cannot be changed: everyone signs in with it.`}
              readOnly
            >
              <Input name="code" value={profile.code} readOnly bg="bg.muted" />
            </FormField>
            {COMPANY_FIELDS.map((f) => (
              <FormField
                key={f}
                name={f}
                label={i18n._(LABELS[f])}
                required={REQUIRED.has(f)}
                readOnly={!canUpdate}
                error={form.errorOf(f)}
                gridColumn={f === 'address' ? '1 / -1' : undefined}
              >
                <Input {...form.register(f)} type={INPUT_TYPES[f] ?? 'text'} readOnly={!canUpdate} />
              </FormField>
            ))}
          </SimpleGrid>
          {canUpdate && (
            <Box>
              <SubmitButton loading={mutation.isPending}>
                <Trans>Save</Trans>
              </SubmitButton>
            </Box>
          )}
        </Stack>
      </form>
    );
  }
  return (
    <Box px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="4xl" mx="auto">
      <Heading as="h1" size="lg" mb="4">
        <Trans>Company profile</Trans>
      </Heading>
      {body}
    </Box>
  );
}
