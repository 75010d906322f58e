import { useState } from 'react';
/** Chakra's initials: the first letters of the first and last words. */
export function initialsOf(name: string) {
  const words = name.trim().split(' ');
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return first && last ? `${first.charAt(0)}${last.charAt(0)}` : first.charAt(0);
}

/**
 * The account button's avatar, a plain element styled by the top bar (top-bar-styles.ts): Chakra's
 * Avatar, size "sm", variant "subtle". The picture once it has loaded, the initials until then or if it
 * cannot load.
 */
export function UserAvatar({ name, picture }: { name: string; picture: string | null | undefined }) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const shown = !!picture && loaded === picture;
  return (
    <span className="lac-avatar">
      <span hidden={shown}>{initialsOf(name)}</span>
      {picture && (
        <img
          key={picture}
          src={picture}
          alt=""
          hidden={!shown}
          onLoad={() => setLoaded(picture)}
          onError={() => setLoaded(null)}
        />
      )}
    </span>
  );
}
