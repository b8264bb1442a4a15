import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * A modal dialog on the native <dialog> element: focus is trapped and restored by the browser,
 * Escape closes it, the page behind is inert.
 *
 * `serverOpen` renders the dialog open in the HTML itself, so that it is there without
 * JavaScript (as a non-modal box in the page's flow, styled by `.modal--inline`); once the
 * script runs it becomes a real modal dialog before the first paint. Give each dialog its own
 * `key` when one replaces another.
 *
 * `onCancel` (Escape) replaces the default of closing: call `event.preventDefault()` to keep
 * the dialog open, e.g. while an acknowledgement is being sent.
 */
export function Modal({
  open,
  title,
  children,
  onClose,
  onCancel,
  serverOpen = false,
  className,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose?: () => void;
  onCancel?: (event: SyntheticEvent<HTMLDialogElement>) => void;
  serverOpen?: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useIsomorphicLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.matches(':modal')) {
      // Open from the server's HTML as a plain box: take that back (no close event) and show
      // it as a modal instead, which moves focus into it.
      if (dialog.open) dialog.removeAttribute('open');
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={['modal', serverOpen ? 'modal--inline' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      // The attribute only matters for the server's HTML; it never changes afterwards.
      open={serverOpen || undefined}
      onClose={onClose}
      onCancel={onCancel ?? onClose}
    >
      <div className="modal__body">
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </dialog>
  );
}
