import { Button, HStack, Text } from '@chakra-ui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useReloadBlock } from '@/features/sync/use-reload-block';
import { useRegisterSW } from '@/sw-register';
import { FloatingNotice } from '@/ui/floating-notice';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * A new version waits until the user says so, and Reload stays refused while changes are unsent
 * or a form is dirty: the console never reloads over someone's work, not even when another tab
 * activated the update.
 */
export function UpdatePrompt() {
  const asked = useRef(false);
  const [activatedElsewhere, setActivatedElsewhere] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    // The new version took control. Only the tab that asked (and was safe) reloads; others keep
    // the prompt until their admin reloads.
    onNeedReload() {
      if (asked.current) window.location.reload();
      else setActivatedElsewhere(true);
    },
  });
  const shown = needRefresh || activatedElsewhere;
  const block = useReloadBlock(shown);
  if (!shown) return null;

  const reload = () => {
    if (block) return;
    if (activatedElsewhere) return window.location.reload();
    asked.current = true;
    void updateServiceWorker(true);
  };

  return (
    <FloatingNotice testId="update-prompt" placement="top">
      <Text fontWeight="semibold">
        <Trans>A new version is available</Trans>
      </Text>
      {block && (
        <Text color="fg.warning" fontSize="sm" data-testid="update-blocked" aria-live="polite">
          {block.kind === 'unsynced' ? (
            <Plural
              value={block.count}
              one="# change is still being synced. Reload once it has been sent."
              other="# changes are still being synced. Reload once they have been sent."
            />
          ) : (
            <Trans>Save or discard your changes first.</Trans>
          )}
        </Text>
      )}
      <HStack justify="flex-end">
        {!activatedElsewhere && (
          <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
            <Trans>Later</Trans>
          </Button>
        )}
        <Button size="sm" colorPalette="blue" onClick={reload} disabled={!!block} data-testid="update-reload">
          <Trans>Reload</Trans>
        </Button>
      </HStack>
    </FloatingNotice>
  );
}
