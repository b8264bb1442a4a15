import { Link } from '~/components/ui/Link';
import type { ReactNode } from 'react';

/** A link styled as a button, alone on its line (a paragraph); `secondary` for the quieter style. */
export function ButtonLinkLine({ to, secondary, children }: { to: string; secondary?: boolean; children: ReactNode }) {
  return (
    <p>
      <Link className={secondary ? 'button button--secondary' : 'button'} to={to}>
        {children}
      </Link>
    </p>
  );
}
