import { useSyncExternalStore } from 'react';
import type { SessionData } from '#contract/auth.ts';
import { getSession, subscribeSession } from '@/data/session/session-store';

export const useSession = (): SessionData | null => useSyncExternalStore(subscribeSession, getSession);
