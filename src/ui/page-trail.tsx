import { Breadcrumb } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** One step of a breadcrumb: a link when it has a path, plain text otherwise. */
export type Crumb = { label: ReactNode; to?: string };

/** The breadcrumb above a page's title, outermost first; `current` names the page itself. */
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
    <Breadcrumb.Root size="sm" hidden={hidden}>
      {/* Wraps between steps on a phone rather than breaking a step's words apart. */}
      <Breadcrumb.List flexWrap="wrap" rowGap="1">
        {crumbs.map((crumb, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a trail is fixed for its page
          <Fragment key={i}>
            {i > 0 && <Breadcrumb.Separator />}
            {crumb.to ? (
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
            ) : (
              <Breadcrumb.Item color="fg.muted">{crumb.label}</Breadcrumb.Item>
            )}
          </Fragment>
        ))}
        {current !== undefined && (
          <>
            {crumbs.length > 0 && <Breadcrumb.Separator />}
            <Breadcrumb.Item>
              <Breadcrumb.CurrentLink>{current}</Breadcrumb.CurrentLink>
            </Breadcrumb.Item>
          </>
        )}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
