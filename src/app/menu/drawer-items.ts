import { FEATURES } from '@/app/features';
import { registeredItems } from '@/app/menu/menu-entries';

/** The drawer items the console's features declare (app/features.ts). */
export const DRAWER_ITEMS = registeredItems(FEATURES);
