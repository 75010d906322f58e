import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** One step of a breadcrumb: a link when it has a path, plain text otherwise. */
export type Crumb = { label: ReactNode; to?: string };

function Separator() {
  return (
    <li aria-hidden="true">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="m9 18 6-6-6-6" />
      </svg>
    </li>
  );
}

/**
 * The breadcrumb above a page's title, outermost first; `current` names the page itself. Plain
 * elements styled by class (page-trail-styles.ts, in the main stylesheet).
 */
export function PageTrail({
  crumbs,
  current,
  hidden,
}: {
  crumbs: Crumb[];
  current?: ReactNode;
  hidden?: boolean;
}) {
  return (
    <nav aria-label="breadcrumb" className="lac-trail" hidden={hidden}>
      <ol>
        {crumbs.map((crumb, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a trail is fixed for its page
          <Fragment key={i}>
            {i > 0 && <Separator />}
            {crumb.to ? (
              <li>
                <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
              </li>
            ) : (
              <li data-text="">{crumb.label}</li>
            )}
          </Fragment>
        ))}
        {current !== undefined && (
          <>
            {crumbs.length > 0 && <Separator />}
            <li>
              {/* biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements: the current step, as Chakra's Breadcrumb marks it, is not a link to follow */}
              <span role="link" aria-current="page">
                {current}
              </span>
            </li>
          </>
        )}
      </ol>
    </nav>
  );
}
