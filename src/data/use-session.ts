import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '@/data/session-store';
import type { SessionData } from '../../contract/auth.ts';

export const useSession = (): SessionData | null => useSyncExternalStore(subscribeSession, getSession);
