import { Button, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { getPushKey, subscribePush } from '@/features/notifications/notify-api';
import { toaster } from '@/ui/toaster';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Turns on Web Push for this browser: asks permission, subscribes with the server's key, registers it. */
async function turnOnPush() {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('denied');
  const { publicKey } = await getPushKey();
  const registration = await navigator.serviceWorker.ready;
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const sub =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  await subscribePush(sub.toJSON());
}

export function PushToggle() {
  const { t } = useLingui();
  const mutation = useMutation({
    mutationFn: turnOnPush,
    onSuccess: () =>
      toaster.create({ type: 'success', title: t`Push notifications are on for this browser.` }),
    onError: () =>
      toaster.create({
        type: 'error',
        title: t`Push notifications could not be turned on. Allow notifications for this site and try again.`,
      }),
  });
  if (!supported())
    return (
      <Text fontSize="sm" color="fg.muted">
        <Trans>This browser cannot receive push notifications.</Trans>
      </Text>
    );
  return (
    <Button size="sm" variant="outline" loading={mutation.isPending} onClick={() => mutation.mutate()}>
      <Trans>Turn on push for this browser</Trans>
    </Button>
  );
}
