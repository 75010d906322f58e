import { Alert, Box, Button, Field, Heading, Input, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { CompanyProfile } from '#contract/company.ts';
import { can } from '#contract/permissions.ts';
import { ApiError } from '@/data/http/api';
import { updateSession } from '@/data/session/session-store';
import { useSession } from '@/data/session/use-session';
import { getCompanyProfile, updateCompanyProfile } from '@/features/company-profile/company-api';
import {
  COMPANY_FIELDS,
  type CompanyField,
  type CompanyValues,
  checkCompany,
  valuesOf,
} from '@/features/company-profile/company-form-values';
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

/** Company profile (spec section 3): edited online through Company/UpdateProfile. */
export default function CompanyProfilePage() {
  const { i18n, t } = useLingui();
  const session = useSession();
  const permissions = session?.permissions;
  const canRead = can(permissions, 'companyProfile', 'read');
  const canUpdate = can(permissions, 'companyProfile', 'update');
  const [profile, setProfile] = useState<CompanyProfile | null>(null);
  const [values, setValues] = useState<CompanyValues | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!canRead) return;
    const ctrl = new AbortController();
    getCompanyProfile(ctrl.signal).then(
      (p) => {
        setProfile(p);
        setValues(valuesOf(p));
      },
      (e: unknown) => {
        if (!ctrl.signal.aborted) setLoadError(e ?? new Error('load'));
      },
    );
    return () => ctrl.abort();
  }, [canRead]);

  function describe(e: unknown): string {
    if (e instanceof ApiError && e.httpStatus === 0)
      return t`You are offline. The company profile can be viewed and changed when you are back online.`;
    if (e instanceof ApiError && e.message) return translateIssue(i18n, e.message);
    return t`Something went wrong. Please try again.`;
  }

  async function save() {
    if (!values || !profile || saving) return;
    const checked = checkCompany(values);
    setProblem(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await updateCompanyProfile({ ...checked.body, code: profile.code });
      setProfile(saved);
      setValues(valuesOf(saved));
      updateSession({ companyName: saved.name });
      toaster.create({ type: 'success', title: t`Company profile updated successfully.` });
    } catch (e) {
      const data =
        e instanceof ApiError ? (e.data as { fields?: { path: string; message: string }[] } | null) : null;
      if (data?.fields?.length) {
        setErrors(Object.fromEntries(data.fields.map((i) => [i.path.split('.')[0] ?? '', i.message])));
      } else setProblem(describe(e));
    } finally {
      setSaving(false);
    }
  }

  let body: React.ReactNode;
  if (!canRead) {
    body = <NoAccessState />;
  } else if (!values || !profile) {
    body = loadError ? (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{describe(loadError)}</Alert.Title>
      </Alert.Root>
    ) : (
      <Spinner aria-label={t`Loading…`} />
    );
  } else {
    body = (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="4">
          {problem && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{problem}</Alert.Title>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root readOnly>
              <Field.Label>
                <Trans>Company code</Trans>
              </Field.Label>
              <Input name="code" value={profile.code} readOnly bg="bg.muted" />
              <Field.HelperText>
                <Trans>The company code cannot be changed: everyone signs in with it.</Trans>
              </Field.HelperText>
            </Field.Root>
            {COMPANY_FIELDS.map((f) => (
              <Field.Root
                key={f}
                invalid={!!errors[f]}
                required={REQUIRED.has(f)}
                readOnly={!canUpdate}
                data-field={f}
                gridColumn={f === 'address' ? '1 / -1' : undefined}
              >
                <Field.Label>
                  {i18n._(LABELS[f])}
                  {REQUIRED.has(f) && <Field.RequiredIndicator />}
                </Field.Label>
                <Input
                  name={f}
                  type={f === 'contactEmail' ? 'email' : f === 'phone' ? 'tel' : 'text'}
                  value={values[f]}
                  readOnly={!canUpdate}
                  onChange={(e) => {
                    setValues({ ...values, [f]: e.target.value });
                    setErrors(({ [f]: _, ...rest }) => rest);
                  }}
                />
                <Field.ErrorText>{errors[f] ? translateIssue(i18n, errors[f]) : null}</Field.ErrorText>
              </Field.Root>
            ))}
          </SimpleGrid>
          {canUpdate && (
            <Box>
              <Button type="submit" loading={saving} disabled={saving}>
                <Trans>Save</Trans>
              </Button>
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
