/**
 * A video or sound with the browser's own controls, reading only what is played (range requests
 * for a file on the server, the staged Blob for one picked offline). Library and store contents
 * come without caption files.
 */
export function MediaPlayer({
  src,
  kind,
  title,
  poster,
  testId,
}: {
  src: string;
  kind: 'video' | 'audio';
  title: string;
  poster?: string | null;
  testId: string;
}) {
  if (kind === 'audio')
    return (
      // biome-ignore lint/a11y/useMediaCaption: contents come without caption files
      <audio
        src={src}
        controls
        preload="metadata"
        style={{ width: '100%' }}
        data-testid={testId}
        aria-label={title}
      />
    );
  return (
    // biome-ignore lint/a11y/useMediaCaption: contents come without caption files
    <video
      src={src}
      controls
      preload="metadata"
      poster={poster ?? undefined}
      style={{ width: '100%', borderRadius: 8, background: 'black' }}
      data-testid={testId}
      aria-label={title}
    />
  );
}
