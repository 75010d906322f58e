import { Button, Skeleton, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '@/data/session/use-session';
import { fileProblemMessage } from '@/data/uploads/file-check';
import { getProfile, profileKey } from '@/features/profile/profile-api';
import { ProfileFields } from '@/features/profile/profile-fields';
import { profileForm, profileValues } from '@/features/profile/profile-form';
import { ProfileImagePicker } from '@/features/profile/profile-image-picker';
import { useProfileImage } from '@/features/profile/use-profile-image';
import { useSaveProfile } from '@/features/profile/use-save-profile';
import { DialogShell } from '@/ui/dialog/dialog-shell';
import { MessageDialog } from '@/ui/dialog/message-dialog';
import { FormAlert } from '@/ui/form/form-alert';
import { SubmitButton } from '@/ui/form/submit-button';
import { useUnsavedWork } from '@/ui/form/use-unsaved-work';
import { useZodForm } from '@/ui/form/use-zod-form';
import { LazyImageCropDialog } from '@/ui/image/lazy-image-crop-dialog';
import { useFileUrl } from '@/ui/resource/fields/use-file-url';

export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { i18n } = useLingui();
  const session = useSession();
  const userID = session?.userID ?? '';
  const profile = useQuery({
    queryKey: profileKey(userID),
    queryFn: ({ signal }) => getProfile(userID, signal),
    enabled: open && !!userID,
  });
  const data = profile.data;
  // The form follows the loaded profile until the user edits it.
  const form = useZodForm(profileForm, {
    values: data ? profileValues(data) : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const [saved, setSaved] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const image = useProfileImage();
  const savedImage = useFileUrl(null, data?.profileImage);
  const save = useSaveProfile((pendingEmail) => {
    setSentTo(pendingEmail);
    setSaved(true);
  });
  useUnsavedWork(open && (form.formState.isDirty || !!image.cropped));

  const close = () => {
    form.reset(data ? profileValues(data) : undefined);
    image.reset();
    save.reset();
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    if (data) save.mutate({ profile: data, form: values, image: image.cropped?.canvas ?? null });
  });
  const footer = (
    <>
      <Button variant="outline" onClick={close}>
        <Trans>Cancel</Trans>
      </Button>
      <SubmitButton disabled={!data} loading={save.isPending}>
        <Trans>Save</Trans>
      </SubmitButton>
    </>
  );

  return (
    <>
      <DialogShell
        open={open && !saved}
        onClose={close}
        onSubmit={(e) => void submit(e)}
        size="lg"
        title={<Trans>Profile</Trans>}
        footer={footer}
      >
        {profile.isError && (
          <FormAlert>
            <Trans>The profile could not be loaded.</Trans>
          </FormAlert>
        )}
        {!data && !profile.isError && <Skeleton h="64" />}
        {data && (
          <Stack gap="5">
            <ProfileImagePicker
              src={image.cropped?.preview ?? savedImage}
              onChoose={(file) => void image.choose(file)}
            />
            <ProfileFields form={form} employeeID={data.employeeID} pendingEmail={data.pendingEmail} />
            {save.isError && (
              <FormAlert>
                <Trans>The profile could not be saved. Please try again.</Trans>
              </FormAlert>
            )}
          </Stack>
        )}
      </DialogShell>
      <LazyImageCropDialog
        src={image.cropSrc}
        onConfirm={(a) => void image.confirm(a)}
        onCancel={image.cancelCrop}
      />
      <MessageDialog open={!!image.problem} onClose={image.dismissProblem}>
        {image.problem === 'size' ? (
          i18n._(fileProblemMessage('size', 'image'))
        ) : (
          <Trans>Please choose image!</Trans>
        )}
      </MessageDialog>
      <MessageDialog
        open={saved}
        onClose={() => {
          setSaved(false);
          close();
        }}
      >
        <Trans>Update Profile is successful.</Trans>
        {sentTo && (
          <>
            {' '}
            <Trans>
              We sent a link to {sentTo}: your e-mail address changes when it is opened there. Your current
              address has been told.
            </Trans>
          </>
        )}
      </MessageDialog>
    </>
  );
}
