/**
 * The label a request is counted under in the metrics: the id of the Remix route its path
 * matches (`routes/$portal.dashboard`), never the path itself (reference numbers, tokens and
 * session ids would each make a series of their own). Single-fetch data requests (`/x.data`,
 * `/_root.data`) count under the page's route.
 */
import type { ServerBuild } from '@remix-run/node';
import { matchRoutes } from '@remix-run/react';

type Tree = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Tree[] };

const memoLimit = 1_000;

export function routeLabeller(routes: ServerBuild['routes']): (pathname: string) => string {
  const childrenOf = (parentId: string | undefined): Tree[] =>
    Object.values(routes)
      .filter((route) => route?.parentId === parentId)
      .map((route) => ({
        id: route!.id,
        path: route!.path,
        index: route!.index,
        caseSensitive: route!.caseSensitive,
        children: route!.index ? undefined : childrenOf(route!.id),
      }));
  const tree = childrenOf(undefined);
  // Most requests ask for a few addresses again and again; matching the route table is a
  // noticeable part of a page's CPU (issue 28). Addresses with tokens or ids each take an entry
  // until the memo is full, when it starts again empty.
  const memo = new Map<string, string>();
  return (pathname) => {
    const known = memo.get(pathname);
    if (known !== undefined) return known;
    let path = pathname;
    if (path === '/_root.data') path = '/';
    else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length);
    const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], path);
    const last = matches?.[matches.length - 1];
    const label = last ? String(last.route.id) : 'unmatched';
    if (memo.size >= memoLimit) memo.clear();
    memo.set(pathname, label);
    return label;
  };
}
