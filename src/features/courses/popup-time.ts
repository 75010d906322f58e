/** A popup moment as the admin types it: "m:ss" (or whole seconds); null when empty, NaN when unreadable. */
export function parsePopupTime(text: string): number | null {
  const s = text.trim();
  if (!s) return null;
  const m = /^(\d{1,4}):([0-5]\d)$/.exec(s);
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  return /^\d{1,6}$/.test(s) ? Number(s) : Number.NaN;
}

/** Seconds as "m:ss". */
export const formatPopupTime = (seconds: number | null | undefined) =>
  seconds == null ? '' : `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The length of a video Blob read by the browser from its metadata, in whole seconds; null if unreadable. */
export function mediaDuration(blob: Blob): Promise<number | null> {
  if (typeof document === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(blob);
    const video = document.createElement('video');
    const done = (seconds: number | null) => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(seconds);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? Math.round(video.duration) : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}
