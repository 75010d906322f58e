/** Business constants of spec section 9. One place, imported by server and console. */
export const NOTIFICATION_POLL_MS = 30_000;
export const IDLE_LOGOUT_MS = 18_000_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const LOCKOUT_ATTEMPTS = 5;
export const LOCKOUT_MINUTES = 60;
export const NARROW_SCREEN_PX = 430;
export const PHONE_MIN_DIGITS = 10;
/** Profile pictures, library covers and topic pictures are cropped to exactly 800x450 (spec section 5). */
export const IMAGE_CROP = { width: 800, height: 450 } as const;
export const PREFIXES = ['Mr.', 'Mrs.', 'Miss.'] as const;
export const GENDERS = ['male', 'female'] as const;
export const SESSION_TTL_HOURS = 12;
export const SESSION_TTL_REMEMBER_DAYS = 30;
export const RESET_TOKEN_TTL_MINUTES = 30;
/** A link that confirms a new e-mail address of the profile works this long, once. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
