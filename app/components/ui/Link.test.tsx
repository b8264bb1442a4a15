// @vitest-environment jsdom
/**
 * The portal's `Link` and `NavLink` against Remix's: the same anchor for the same props, and the
 * same navigation for the same click (decision 115). Each case is rendered and clicked with both,
 * in a memory router on the dashboard.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
import { Link as RemixLink, NavLink as RemixNavLink, type LinkProps, type NavLinkProps } from '@remix-run/react';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, NavLink, useLinkNavigation } from './Link';

afterEach(cleanup);

const here = '/serviceportal/dashboard';

/** What the shell mounts (app/root.tsx): the listener that navigates the portal's plain links. */
function WithLinkNavigation({ children }: { children: React.ReactNode }) {
  useLinkNavigation();
  return <>{children}</>;
}

/** The link alone in a memory router on the dashboard; with the shell's listener unless `bare`. */
function shown(Component: typeof Link, props: LinkProps, bare = Component === RemixLink) {
  const link = <Component {...props}>go</Component>;
  const router = createMemoryRouter(
    [{ path: '*', element: bare ? link : <WithLinkNavigation>{link}</WithLinkNavigation> }],
    { initialEntries: [here] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, view, anchor: view.container.querySelector('a')! };
}

const cases: Array<[string, LinkProps]> = [
  ['a plain path', { to: '/serviceportal/claim-information' }],
  ['a path with a query and a fragment', { to: '/serviceportal/privacy?x=1&y=%C3%BC#analytics' }],
  ['the page shown', { to: here }],
  [
    'attributes of the caller',
    { to: '/serviceportal/service', className: 'button', 'aria-current': 'page', id: 'l', title: 't' },
  ],
  ['another target', { to: '/serviceportal/legal-notice', target: '_blank', rel: 'noopener' }],
  ['a caller’s handler', { to: '/serviceportal/service/faq', onClick: () => {} }],
  // Given to Remix's Link: what resolving would change, and what it alone does.
  ['replace and state', { to: '/serviceportal/service/faq', replace: true, state: { from: 'pane' } }],
  ['scroll kept', { to: '/serviceportal/service/faq', preventScrollReset: true }],
  ['a relative path', { to: '../claim-information' }],
  ['a query alone', { to: '?page=2' }],
  ['an object', { to: { pathname: '/serviceportal/service', search: '?a=1' } }],
  ['a double slash', { to: '/serviceportal//service' }],
  ['a dot segment', { to: '/serviceportal/./service/../faq' }],
  ['an empty query', { to: '/serviceportal/service?' }],
  ['a document load', { to: '/serviceportal/signin', reloadDocument: true }],
  ['no route discovery', { to: '/serviceportal/signin', discover: 'none' }],
  ['another site', { to: 'https://example.org/x' }],
];

describe('the portal’s Link renders what Remix’s renders', () => {
  it.each(cases)('%s', (_, props) => {
    const theirs = shown(RemixLink, props).view.container.innerHTML;
    cleanup();
    expect(shown(Link, props).view.container.innerHTML).toBe(theirs);
  });
});

/** Where a click leads: the location and how it was reached (push, replace, or no navigation). */
function clicked(
  Component: typeof Link,
  props: LinkProps,
  init: Parameters<typeof fireEvent.click>[1] = {},
  bare = Component === RemixLink,
) {
  const { router, anchor } = shown(Component, props, bare);
  let notPrevented = true;
  act(() => {
    notPrevented = fireEvent.click(anchor, { button: 0, ...init });
  });
  const { location, historyAction } = router.state;
  return {
    at: `${location.pathname}${location.search}${location.hash}`,
    state: location.state as unknown,
    historyAction,
    // The browser would follow the anchor itself: a new tab, a download, a document load.
    leftToBrowser: notPrevented,
  };
}

describe('the portal’s Link navigates as Remix’s does', () => {
  const clicks: Array<[string, Parameters<typeof fireEvent.click>[1]]> = [
    ['a main-button click', {}],
    ['a click with Ctrl', { ctrlKey: true }],
    ['a click with ⌘', { metaKey: true }],
    ['a click with Shift', { shiftKey: true }],
    ['a click with Alt', { altKey: true }],
    ['a middle-button click', { button: 1 }],
  ];
  const every = cases.flatMap(([name, props]) =>
    clicks.map(([how, init]) => [`${name}, ${how}`, props, init] as const),
  );
  it.each(every)('%s', (_, props, init) => {
    const theirs = clicked(RemixLink, props, init);
    cleanup();
    expect(clicked(Link, props, init)).toEqual(theirs);
  });

  // The shell's listener sees the clicks on Remix's own anchors too: it must leave them as they are.
  it.each(every)('%s on Remix’s Link with the listener mounted', (_, props, init) => {
    const alone = clicked(RemixLink, props, init);
    cleanup();
    expect(clicked(RemixLink, props, init, false)).toEqual(alone);
  });

  it('navigates, pushing a new entry, and replaces the page shown', () => {
    expect(clicked(Link, { to: '/serviceportal/claim-information' })).toMatchObject({
      at: '/serviceportal/claim-information',
      historyAction: 'PUSH',
      leftToBrowser: false,
    });
    cleanup();
    expect(clicked(Link, { to: here })).toMatchObject({ at: here, historyAction: 'REPLACE' });
  });

  it('leaves the click to the caller’s handler when it prevents the default', () => {
    const props: LinkProps = { to: '/serviceportal/service', onClick: (event) => event.preventDefault() };
    const theirs = clicked(RemixLink, props);
    cleanup();
    const ours = clicked(Link, props);
    expect(ours).toEqual(theirs);
    expect(ours).toMatchObject({ at: here, historyAction: 'POP' });
  });
});

/** A navigation link alone in a memory router at `at`; `loading` a route whose data never arrives. */
function navShown(Component: typeof NavLink, props: NavLinkProps, at = here) {
  const link = <Component {...props}>go</Component>;
  const router = createMemoryRouter(
    [
      { path: '/serviceportal/loading', element: link, loader: () => new Promise<never>(() => {}) },
      { path: '*', element: <WithLinkNavigation>{link}</WithLinkNavigation> },
    ],
    { initialEntries: [at] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, view };
}

const navCases: Array<[string, NavLinkProps, string?]> = [
  ['the page shown', { to: here }],
  ['another page', { to: '/serviceportal/claim-information' }],
  ['a page above the one shown', { to: '/serviceportal' }],
  ['a page above, the end only', { to: '/serviceportal', end: true }],
  ['a page above, written with its slash', { to: '/serviceportal/' }],
  ['the page shown, with a slash the location lacks', { to: `${here}/` }],
  ['a page whose name begins the one shown', { to: '/serviceportal/dash' }],
  ['the root', { to: '/' }],
  ['the page shown, written in capitals', { to: '/SERVICEPORTAL/Dashboard' }],
  ['a shown page written in capitals', { to: here }, '/ServicePortal/DASHBOARD'],
  ['the page shown with a query and a fragment', { to: `${here}?x=1#top` }],
  ['a class and other attributes', { to: here, className: 'tab', id: 'n', title: 't' }],
  ['a class, not shown', { to: '/serviceportal/service', className: 'tab' }],
  ['its own aria-current', { to: here, 'aria-current': 'true' }],
  ['a style', { to: here, style: { color: 'red' } }],
  ['another target', { to: here, target: '_blank', rel: 'noopener' }],
  // Given to Remix's NavLink: what only it does, or what resolving would change.
  ['case-sensitive', { to: '/SERVICEPORTAL/Dashboard', caseSensitive: true }],
  ['a class from its state', { to: here, className: ({ isActive }) => (isActive ? 'on' : 'off') }],
  ['a style from its state', { to: here, style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }) }],
  ['children from its state', { to: here, children: ({ isActive }) => (isActive ? 'here' : 'there') }],
  ['a path that is encoded', { to: '/serviceportal/übersicht' }, '/serviceportal/%C3%BCbersicht'],
  ['a relative path', { to: '../dashboard' }],
  ['replace', { to: here, replace: true }],
  ['a document load', { to: here, reloadDocument: true }],
];

describe('the portal’s NavLink renders what Remix’s renders', () => {
  it.each(navCases)('%s', (_, props, at) => {
    const theirs = navShown(RemixNavLink, props, at).view.container.innerHTML;
    cleanup();
    const ours = navShown(NavLink, props, at).view.container.innerHTML;
    expect(ours).toBe(theirs);
  });

  it('marks the page shown, and nothing else', () => {
    expect(navShown(NavLink, { to: here }).view.container.innerHTML).toBe(
      `<a data-discover="true" aria-current="page" class="active" href="${here}">go</a>`,
    );
    cleanup();
    expect(navShown(NavLink, { to: '/serviceportal/service' }).view.container.innerHTML).toBe(
      '<a data-discover="true" class="" href="/serviceportal/service">go</a>',
    );
  });

  it.each([
    ['the page loading', { to: '/serviceportal/loading' }],
    ['a page above the one loading', { to: '/serviceportal' }],
    ['a page above, the end only', { to: '/serviceportal', end: true }],
    ['a page above, written with its slash', { to: '/serviceportal/' }],
    ['the page shown', { to: here }],
  ] as Array<[string, NavLinkProps]>)('while a navigation loads, %s', async (_, props) => {
    const markup = async (Component: typeof NavLink) => {
      const { router, view } = navShown(Component, props);
      await act(async () => {
        void router.navigate('/serviceportal/loading');
      });
      expect(router.state.navigation.state).toBe('loading');
      return view.container.innerHTML;
    };
    const theirs = await markup(RemixNavLink);
    cleanup();
    expect(await markup(NavLink)).toBe(theirs);
  });

  it('navigates a click as Remix’s does', () => {
    const click = (Component: typeof NavLink) => {
      const { router, view } = navShown(Component, { to: '/serviceportal/service' });
      act(() => {
        fireEvent.click(view.container.querySelector('a')!, { button: 0 });
      });
      return `${router.state.historyAction} ${router.state.location.pathname}`;
    };
    const theirs = click(RemixNavLink);
    cleanup();
    expect(click(NavLink)).toBe(theirs);
    expect(theirs).toBe('PUSH /serviceportal/service');
  });
});
