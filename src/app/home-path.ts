/** Where the console opens after sign-in: the inbox (the bell's page). */
export const HOME_PATH = '/inbox';
