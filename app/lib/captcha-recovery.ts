/**
 * Starts the captcha widget again when it cannot finish by itself.
 *
 * ALTCHA's widget (2.x) fetches a challenge, then solves it in web workers. Two failures leave a
 * debtor with a form that cannot be sent:
 * - the challenge request fails (a dropped connection, a 429): the widget shows its error and
 *   waits for a click on its checkbox, which few people think of;
 * - a worker's script fails to load: no worker reports an "error" to the widget, which waits for
 *   all of its workers' answers and so shows "Wird geprüft …" for ever (seen in a journey on a
 *   busy machine; reproduced by failing the worker's request once).
 *
 * This watches the widget's `statechange` events: an error is retried after a short pause, and a
 * check that runs far longer than the largest puzzle takes on a cheap phone (a few seconds) is
 * started afresh. A few retries only: after them the widget's own error stays, with its checkbox
 * to try again.
 */

/**
 * The widget's states and the three methods used here (altcha's AltchaWidgetMethods). The element
 * has them only once its component exists, a microtask after it is attached to the page (its
 * getters answer undefined before): the watch starts on the bare element, and the widget's
 * events, which come only from the component, say when the methods are there.
 */
export type CaptchaState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired';
export interface CaptchaWidget extends EventTarget {
  getState?(): CaptchaState | undefined;
  reset?(state?: CaptchaState, error?: string | null): void;
  verify?(): Promise<void>;
}

export interface CaptchaRecoveryOptions {
  /** A check still running after this long is started again. */
  stallMs: number;
  /** Pause before retrying after an error. */
  retryMs: number;
  /** Restarts at most, for the widget's lifetime; a solved check gives them back. */
  restarts: number;
  /** Shown by the widget when the last restart did not help either (its own "failed" text). */
  failedMessage?: string;
}

export const captchaRecoveryDefaults: CaptchaRecoveryOptions = { stallMs: 15_000, retryMs: 2_000, restarts: 3 };

/** Watches `widget` until the returned function is called (on unmount). */
export function recoverCaptcha(widget: CaptchaWidget, options: Partial<CaptchaRecoveryOptions> = {}): () => void {
  const { stallMs, retryMs, restarts, failedMessage } = { ...captchaRecoveryDefaults, ...options };
  let left = restarts;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const restart = (stalled: boolean) => {
    timer = undefined;
    if (left > 0) {
      left -= 1;
      widget.reset?.();
      void widget.verify?.();
    } else if (stalled) {
      // The widget's own error, with its checkbox to try once more.
      widget.reset?.('error', failedMessage ?? null);
    }
  };
  const follow = (state: CaptchaState) => {
    clear();
    if (state === 'verifying') timer = setTimeout(() => restart(true), stallMs);
    else if (state === 'error' && left > 0) timer = setTimeout(() => restart(false), retryMs);
    else if (state === 'verified') left = restarts;
  };
  const onStateChange = (event: Event) => {
    const state = (event as CustomEvent<{ state?: CaptchaState }>).detail?.state;
    if (state) follow(state);
  };
  widget.addEventListener('statechange', onStateChange);
  // The widget may have started (auto="onload") before this listener was there.
  const now = widget.getState?.();
  if (now) follow(now);
  return () => {
    clear();
    widget.removeEventListener('statechange', onStateChange);
  };
}
