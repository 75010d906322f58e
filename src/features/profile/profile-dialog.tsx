import { Alert, Button, CloseButton, Dialog, Portal, Skeleton, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useSession } from '@/data/session/use-session';
import { ImageCropDialog } from '@/features/profile/image-crop-dialog';
import { getProfile, profileKey } from '@/features/profile/profile-api';
import { type ProfileErrors, ProfileFields, type ProfileForm } from '@/features/profile/profile-fields';
import { ProfileImagePicker } from '@/features/profile/profile-image-picker';
import { useProfileImage } from '@/features/profile/use-profile-image';
import { useSaveProfile } from '@/features/profile/use-save-profile';
import { MessageDialog } from '@/ui/dialog/message-dialog';
import { useUnsavedWork } from '@/ui/form/use-unsaved-work';

export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const session = useSession();
  const userID = session?.userID ?? '';
  const profile = useQuery({
    queryKey: profileKey(userID),
    queryFn: ({ signal }) => getProfile(userID, signal),
    enabled: open && !!userID,
  });
  const [edits, setEdits] = useState<ProfileForm | null>(null);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saved, setSaved] = useState(false);
  const image = useProfileImage();
  const save = useSaveProfile(() => setSaved(true));
  useUnsavedWork(open && (!!edits || !!image.cropped));

  const data = profile.data;
  const form: ProfileForm | null = edits ?? (data ? { ...data } : null);
  const close = () => {
    setEdits(null);
    setErrors({});
    image.reset();
    save.reset();
    onClose();
  };
  const submit = () => {
    if (!data || !form) return;
    const next: ProfileErrors = {
      firstName: form.firstName.trim() ? undefined : t`Please enter your first name.`,
      lastName: form.lastName.trim() ? undefined : t`Please enter your last name.`,
      email: z.email().safeParse(form.email.trim()).success
        ? undefined
        : t`Please enter a valid e-mail address.`,
    };
    setErrors(next);
    if (next.firstName || next.lastName || next.email) return;
    save.mutate({
      profile: data,
      form: { ...form, email: form.email.trim() },
      image: image.cropped?.canvas ?? null,
    });
  };

  return (
    <>
      <Dialog.Root
        open={open && !saved}
        onOpenChange={(e) => !e.open && close()}
        size="lg"
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>
                  <Trans>Profile</Trans>
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {profile.isError && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>
                      <Trans>The profile could not be loaded.</Trans>
                    </Alert.Title>
                  </Alert.Root>
                )}
                {!form && !profile.isError && <Skeleton h="64" />}
                {form && data && (
                  <Stack gap="5">
                    <ProfileImagePicker
                      src={image.cropped?.preview ?? data.profileImage}
                      onChoose={image.choose}
                    />
                    <ProfileFields
                      value={form}
                      employeeID={data.employeeID}
                      errors={errors}
                      onChange={setEdits}
                    />
                    {save.isError && (
                      <Alert.Root status="error" role="alert">
                        <Alert.Indicator />
                        <Alert.Title>
                          <Trans>The profile could not be saved. Please try again.</Trans>
                        </Alert.Title>
                      </Alert.Root>
                    )}
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button colorPalette="blue" onClick={submit} disabled={!form} loading={save.isPending}>
                  <Trans>Save</Trans>
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ImageCropDialog
        src={image.cropSrc}
        onConfirm={(a) => void image.confirm(a)}
        onCancel={image.cancelCrop}
      />
      <MessageDialog open={image.badType} onClose={image.dismissBadType}>
        <Trans>Please choose image!</Trans>
      </MessageDialog>
      <MessageDialog
        open={saved}
        onClose={() => {
          setSaved(false);
          close();
        }}
      >
        <Trans>Update Profile is successful.</Trans>
      </MessageDialog>
    </>
  );
}
