import { Button, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { can } from '#contract/permissions.ts';
import { STORE_ALREADY_ADDED, type StoreAddition } from '#contract/resources/store-item.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { useResourceList } from '@/data/db/use-resource';
import { ApiError } from '@/data/http/http-client';
import { useSession } from '@/data/session/use-session';
import { useSyncEngine } from '@/data/sync/use-sync-engine';
import { FormAlert } from '@/ui/form/form-alert';
import { translateIssue } from '@/ui/form/validation-messages';
import { toaster } from '@/ui/toaster';
import { useOnline } from '@/ui/use-online';
import { addToLibrary, getStoreAdditions, storeAdditionsKey } from './store-api';

/** The company's topics, each main topic followed by its sub-topics ("Main › Sub"). */
function topicChoices(rows: LocalRow[]) {
  const live = rows.filter((r) => !r.deletedAt);
  const byTitle = (a: LocalRow, b: LocalRow) => String(a.title).localeCompare(String(b.title));
  const mains = live.filter((r) => !r.parentId).sort(byTitle);
  return mains.flatMap((m) => [
    { id: m.id, label: String(m.title) },
    ...live
      .filter((s) => s.parentId === m.id)
      .sort(byTitle)
      .map((s) => ({ id: s.id, label: `${String(m.title)} › ${String(s.title)}` })),
  ]);
}

/** The store items this company already took (online; the last answer is kept meanwhile). */
export function useStoreAdditions() {
  return useQuery({
    queryKey: storeAdditionsKey,
    queryFn: ({ signal }) => getStoreAdditions(signal),
    staleTime: 30_000,
  });
}

/**
 * "Add to library": choose a topic of the company, then the server copies the item into it
 * (online only: the copy and its files are made there). The new content arrives by sync pull.
 * An item is added once; after that the panel says it is in the library.
 */
export function AddToLibrary({ db, item }: { db: LocalDb; item: LocalRow }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const engine = useSyncEngine();
  const queryClient = useQueryClient();
  const permissions = useSession()?.permissions;
  const topics = useResourceList(db, 'Topic');
  const choices = useMemo(() => topicChoices(topics ?? []), [topics]);
  const [topicId, setTopicId] = useState('');
  const selectId = useId();
  const additions = useStoreAdditions();
  const added = additions.data?.some((a) => a.storeItemId === item.id) ?? false;
  const remember = (addition: StoreAddition) =>
    queryClient.setQueryData<StoreAddition[]>(storeAdditionsKey, (old) => [
      ...(old ?? []).filter((a) => a.storeItemId !== addition.storeItemId),
      addition,
    ]);
  const mutation = useMutation({
    mutationFn: () => addToLibrary({ storeItemId: item.id, topicId }),
    onSuccess: (answer) => {
      remember(answer);
      toaster.create({ type: 'success', title: t`Added to the library.` });
      void engine?.syncNow();
    },
    onError: (e) => {
      // Added meanwhile (another tab or admin): it is in the library, which is what was wanted.
      if (e instanceof ApiError && e.httpStatus === 409 && e.message === STORE_ALREADY_ADDED)
        remember(e.data as StoreAddition);
    },
  });

  if (!can(permissions, 'library', 'create')) {
    return (
      <Text color="fg.muted" fontSize="sm">
        <Trans>Your role cannot add contents to the library.</Trans>
      </Text>
    );
  }
  if (added) {
    return (
      <Text fontWeight="medium" color="green.fg" data-testid="store-in-library" role="status">
        <Trans>In your library</Trans>
      </Text>
    );
  }
  const error = mutation.error;
  const errorText =
    error instanceof ApiError && error.httpStatus > 0
      ? translateIssue(
          i18n,
          (error.data as { fields?: { message: string }[] } | null)?.fields?.[0]?.message ?? error.message,
        )
      : error
        ? t`The server could not be reached. Check the connection and try again.`
        : null;
  return (
    <Stack gap="3" data-testid="store-add">
      <Field.Root disabled={!online || mutation.isPending}>
        <Field.Label htmlFor={selectId}>
          <Trans>Topic of your library</Trans>
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            id={selectId}
            value={topicId}
            onChange={(e) => setTopicId(e.currentTarget.value)}
            data-testid="store-topic"
          >
            <option value="">{t`Choose a topic`}</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {choices.length === 0 && (
          <Field.HelperText>
            <Trans>Add a topic to the library first.</Trans>
          </Field.HelperText>
        )}
      </Field.Root>
      {!online && (
        <FormAlert status="warning">
          <Trans>Adding to the library needs the network: connect and try again.</Trans>
        </FormAlert>
      )}
      {errorText && <FormAlert>{errorText}</FormAlert>}
      <Button
        alignSelf="flex-start"
        colorPalette="blue"
        disabled={!online || !topicId || additions.isPending}
        loading={mutation.isPending}
        onClick={() => mutation.mutate()}
      >
        <Trans>Add to library</Trans>
      </Button>
    </Stack>
  );
}
