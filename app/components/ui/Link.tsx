/**
 * The portal's link: for a plain path, an anchor without hooks, its clicks navigated by one
 * listener for the whole document; Remix's `Link` for everything else (issue 28, decision 115).
 *
 * A Remix `Link` runs about twenty hooks on every render: it resolves its `to` three times (its
 * own `useHref`, React Router's `useHref`, its click handler's `useResolvedPath`, each writing
 * the route matches to JSON and back), sets up prefetching the portal never asks for, and makes
 * a click handler. Rendered on the server that cost 14–22 µs a link, against about 1 µs for the
 * anchor alone; a dashboard has some forty. Nearly every link of the portal names its path whole
 * (`href(variant, '/dashboard')`) and the router has no basename, so the anchor React Router
 * renders for it is known without any of that: the caller's attributes, Remix's
 * `data-discover="true"` for route discovery, `href` and `target`. This one costs 1.5–3 µs. The
 * click is handled once for all such anchors (`useLinkNavigation`, mounted by the shell) as React
 * Router handles it on each: only an unmodified main-button click, not prevented by the caller's
 * `onClick` and without another target, navigates, and a link to the page shown replaces its
 * entry. Before the page is hydrated a click loads the page, as with Remix's links.
 *
 * Anything else goes to Remix's `Link`: an object or relative `to`, a path that resolving would
 * rewrite, `replace`, `state`, `preventScrollReset`, `reloadDocument`, `relative`, a `prefetch` or
 * `discover` other than the default, a view transition. app/components/ui/Link.test.tsx holds the
 * two to the same markup and the same navigation.
 */
import {
  Link as RemixLink,
  NavLink as RemixNavLink,
  createPath,
  useLocation,
  useNavigate,
  useNavigation,
  type LinkProps,
  type NavLinkProps,
} from '@remix-run/react';
import { createElement, forwardRef, useEffect } from 'react';

export type { LinkProps, NavLinkProps };

/**
 * A path React Router would give back as it is written: absolute, without `//` or `.` and `..`
 * segments in its path (it would rewrite them), and without an empty `?` or `#` (it drops them).
 */
function asWritten(to: string): boolean {
  if (to[0] !== '/' || to[1] === '/' || endsEmpty.test(to)) return false;
  const end = to.search(queryOrFragment);
  return !rewritten.test(end < 0 ? to : to.slice(0, end));
}
const endsEmpty = /[?#]$/;
const queryOrFragment = /[?#]/;
/** `//`, or a `.` or `..` segment. */
const rewritten = /\/\/|\/\.\.?(?:\/|$)/;

function isPlain(props: LinkProps): props is LinkProps & { to: string } {
  return (
    typeof props.to === 'string' &&
    asWritten(props.to) &&
    props.replace === undefined &&
    props.state === undefined &&
    props.preventScrollReset === undefined &&
    !props.reloadDocument &&
    props.relative === undefined &&
    (props.prefetch ?? 'none') === 'none' &&
    (props.discover ?? 'render') === 'render' &&
    !props.viewTransition
  );
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  if (!isPlain(props)) return <RemixLink {...props} ref={ref} />;
  const anchor = plainAnchor(props, notAttributes, {});
  anchor.ref = ref;
  return createElement('a', anchor, props.children);
});

/**
 * The attributes of the anchor React Router renders for a plain path, in its order: the caller's
 * (those in `skip` left out), Remix's `data-discover`, then `marks` (NavLink's), then its own; the
 * caller adds the ref. Built here and given to createElement: JSX's spread of the attributes (or an
 * object rest) cost six times the anchor itself on the server.
 */
function plainAnchor(
  props: { to: string; target?: string },
  skip: ReadonlySet<string>,
  marks: Record<string, unknown>,
): Record<string, unknown> {
  const anchor: Record<string, unknown> = {};
  for (const key in props) if (!skip.has(key)) anchor[key] = props[key as keyof typeof props];
  anchor['data-discover'] = 'true';
  Object.assign(anchor, marks);
  anchor.href = props.to;
  anchor.target = props.target;
  return anchor;
}

/** Link's props that are not the anchor's attributes (of those a plain link has, only their defaults). */
const notAttributes = new Set([
  'to',
  'target',
  'children',
  'prefetch',
  'discover',
  'relative',
  'reloadDocument',
  'viewTransition',
  'replace',
  'state',
  'preventScrollReset',
]);

/**
 * The portal's navigation link: for a plain path (as `Link` above) and a class, style and
 * children that are not functions of the link's state, the anchor Remix's `NavLink` renders,
 * marked as React Router marks it: `aria-current` (default `page`) and the class `active` when the
 * page shown is the link's path or below it (`end`: the path itself only), `pending` while a
 * navigation to it loads; paths compared without regard to case. Remix's `NavLink` resolves its
 * path again and again and runs every hook of Remix's `Link` (above) besides its own; the header
 * has up to eight of them. This reads the location and the navigation. Anything else goes to
 * Remix's `NavLink`; app/components/ui/Link.test.tsx holds the two to the same markup.
 */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const location = useLocation();
  const navigation = useNavigation();
  const anchor = navAnchor(props, { pathname: location.pathname, pendingPathname: navigation.location?.pathname });
  if (anchor === null) return <RemixNavLink {...props} ref={ref} />;
  anchor.ref = ref;
  return createElement('a', anchor, props.children as React.ReactNode);
});

/**
 * Where navigation links are judged: the page shown, and the page a navigation is loading (none on
 * the server).
 */
export interface NavPlace {
  pathname: string;
  pendingPathname?: string;
}

/**
 * `NavLink` for a caller that knows the place itself and renders without the router's hooks: the
 * header, whose HTML the server keeps (decision 126). The same anchor as `NavLink` at that place.
 */
export function PlacedNavLink(props: NavLinkProps & { place: NavPlace }) {
  const anchor = navAnchor(props, props.place);
  if (anchor !== null) return createElement('a', anchor, props.children as React.ReactNode);
  const { place: _place, ...navLinkProps } = props;
  return <RemixNavLink {...navLinkProps} />;
}

/**
 * What `navLinkMarked` compares of a navigation link's `to`: its path without query or fragment, in
 * lower case, as `NavLink` compares it.
 */
export function navLinkPath(to: string): string {
  return to.replace(queryOrFragmentOnwards, '').toLowerCase();
}

/**
 * Whether a navigation link whose `navLinkPath` is `path` is marked active on the page whose path,
 * in lower case, is `pathname`, as `NavLink` marks it.
 */
export function navLinkMarked(path: string, pathname: string, end?: boolean): boolean {
  return covers(path, pathname, end);
}

/** The attributes of the anchor `NavLink` renders at `place`; null where Remix's `NavLink` must render it. */
function navAnchor(props: NavLinkProps, place: NavPlace): Record<string, unknown> | null {
  const toPathname = typeof props.to === 'string' ? props.to.replace(queryOrFragmentOnwards, '') : '';
  if (
    !isPlain(props as LinkProps) ||
    // React Router compares the path as the location holds it, encoded: only one written so is plain.
    !urlSafe.test(toPathname) ||
    props.caseSensitive ||
    typeof props.className === 'function' ||
    typeof props.style === 'function' ||
    typeof props.children === 'function'
  )
    return null;
  const to = toPathname.toLowerCase();
  const isActive = covers(to, place.pathname.toLowerCase(), props.end);
  const next = place.pendingPathname?.toLowerCase();
  const isPending = next !== undefined && covers(to, next, props.end, true);
  const marks = {
    'aria-current': !isActive ? undefined : props['aria-current'] === undefined ? 'page' : props['aria-current'],
    className: [props.className ?? '', isActive ? 'active' : null, isPending ? 'pending' : null]
      .filter(Boolean)
      .join(' '),
    style: props.style,
  };
  return plainAnchor(props as NavLinkProps & { to: string }, notNavAttributes, marks);
}

const queryOrFragmentOnwards = /[?#].*$/s;
/** Characters a URL's path keeps as they are (WHATWG URL's path percent-encode set left out). */
const urlSafe = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

/**
 * Whether a link to `to` stands for `pathname` as React Router decides it: the same path, or
 * (unless `end`) a path below it. A trailing slash of `to` is the place the next segment starts;
 * React Router looks for a pending navigation's slash after the whole of `to`.
 */
function covers(to: string, pathname: string, end = false, pending = false): boolean {
  if (pathname === to) return true;
  if (end || !pathname.startsWith(to)) return false;
  const slashAt = !pending && to !== '/' && to.endsWith('/') ? to.length - 1 : to.length;
  return pathname.charAt(slashAt) === '/';
}

/** NavLink's props that are not the anchor's attributes, or that it writes itself. */
const notNavAttributes = new Set([
  ...notAttributes,
  'aria-current',
  'caseSensitive',
  'className',
  'end',
  'style',
  'place',
]);

/**
 * Navigates the clicks on the portal's plain links (above) inside the app, as React Router's
 * `Link` navigates its own: mounted once, by the shell. The anchors of Remix's `Link` handle their
 * clicks themselves (they prevent the default, so they are left alone here).
 */
export function useLinkNavigation(): void {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey ||
        !(event.target instanceof Element)
      )
        return;
      const anchor = event.target.closest('a[data-discover]');
      const to = anchor?.getAttribute('href');
      const target = anchor?.getAttribute('target');
      if (!to || !asWritten(to) || (target && target !== '_self')) return;
      event.preventDefault();
      // A link to the page shown replaces its entry, as a browser's own link does.
      navigate(to, { replace: createPath(location) === to });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate, location]);
}
