import { useEffect, useState } from 'react';

export interface ToastMessage {
  id: string;
  title: string;
  text?: string;
  tone?: 'info' | 'success' | 'danger';
  /** Milliseconds before it disappears; the logout-failure toast uses 5 seconds (spec 8). */
  durationMs?: number;
}

/** Top-centre toasts, announced politely (assertively for danger). */
export function ToastRegion({ toasts }: { toasts: ToastMessage[] }) {
  const [visible, setVisible] = useState(toasts);
  // New toasts from the server replace the shown ones; each then goes after its own time.
  const [shownFor, setShownFor] = useState(toasts);
  if (shownFor !== toasts) {
    setShownFor(toasts);
    setVisible(toasts);
  }
  useEffect(() => {
    const timers = toasts.map((toast) =>
      window.setTimeout(
        () => setVisible((current) => current.filter((t) => t.id !== toast.id)),
        toast.durationMs ?? 5000,
      ),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [toasts]);
  return (
    <div className="toast-region" aria-live="polite">
      {visible.map((toast) => (
        <div
          key={toast.id}
          className={`toast${toast.tone && toast.tone !== 'info' ? ` toast--${toast.tone}` : ''}`}
          role={toast.tone === 'danger' ? 'alert' : 'status'}
        >
          <strong>{toast.title}</strong>
          {toast.text ? <div>{toast.text}</div> : null}
        </div>
      ))}
    </div>
  );
}
