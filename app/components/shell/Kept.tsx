import { createElement, type ReactNode } from 'react';
import { useKeptHtml, type KeptHtml } from '~/lib/kept-html';

/**
 * An element whose content is the HTML the server kept for `part` where it was given for
 * `partKey` (app/lib/kept-html.ts; decisions 125, 126 and 128), and `children` otherwise: in the
 * browser, and on the server wherever nothing was kept. Hydration meets the same elements either
 * way. `children` is rendered only when nothing was kept.
 */
export function Kept({
  as,
  className,
  part,
  partKey,
  children,
}: {
  as: 'header' | 'footer' | 'div';
  className: string;
  part: keyof KeptHtml;
  partKey: string;
  children: ReactNode;
}) {
  const kept = useKeptHtml(part, partKey);
  return kept !== null
    ? createElement(as, { className, dangerouslySetInnerHTML: { __html: kept } })
    : createElement(as, { className }, children);
}
