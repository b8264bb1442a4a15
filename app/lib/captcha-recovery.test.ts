import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recoverCaptcha, type CaptchaState, type CaptchaWidget } from './captcha-recovery';

/** A stand-in for altcha's widget: its state, its `statechange` events and what was asked of it. */
class Widget extends EventTarget implements CaptchaWidget {
  state: CaptchaState = 'unverified';
  calls: string[] = [];
  getState() {
    return this.state;
  }
  set(state: CaptchaState, error?: string | null) {
    this.state = state;
    this.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload: null, error } }));
  }
  reset(state: CaptchaState = 'unverified', error?: string | null) {
    this.calls.push(error ? `reset:${state}:${error}` : `reset:${state}`);
    this.set(state, error);
  }
  verify() {
    this.calls.push('verify');
    this.set('verifying');
    return Promise.resolve();
  }
}

const options = { stallMs: 15_000, retryMs: 2_000, restarts: 3, failedMessage: 'failed' };

describe('the captcha starts again when it cannot finish by itself', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a check that hangs (a worker that never loaded) is started afresh after the stall time', () => {
    const widget = new Widget();
    recoverCaptcha(widget, options);
    widget.set('verifying');
    vi.advanceTimersByTime(14_999);
    expect(widget.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(widget.calls).toEqual(['reset:unverified', 'verify']);
    widget.set('verified');
    vi.advanceTimersByTime(60_000);
    expect(widget.calls).toEqual(['reset:unverified', 'verify']);
  });

  it('a check already running when the watch begins (auto="onload") is watched too', () => {
    const widget = new Widget();
    widget.state = 'verifying';
    recoverCaptcha(widget, options);
    vi.advanceTimersByTime(15_000);
    expect(widget.calls).toEqual(['reset:unverified', 'verify']);
  });

  it('an element whose component comes later (its methods are there a microtask after it is attached) is watched from the start', () => {
    // Seen in a fresh-clone run: the watch began before the element had its methods, and a
    // failed challenge request was never retried.
    const element = new EventTarget();
    recoverCaptcha(element, options);
    const widget = Object.assign(element, {
      calls: [] as string[],
      state: 'unverified' as CaptchaState,
      getState() {
        return this.state;
      },
      reset() {
        this.calls.push('reset:unverified');
        this.state = 'unverified';
      },
      verify() {
        this.calls.push('verify');
        return Promise.resolve();
      },
    });
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verifying' } }));
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'error' } }));
    vi.advanceTimersByTime(2_000);
    expect(widget.calls).toEqual(['reset:unverified', 'verify']);
  });

  it('an error (the challenge request failed) is retried after a short pause', () => {
    const widget = new Widget();
    recoverCaptcha(widget, options);
    widget.set('verifying');
    widget.set('error');
    vi.advanceTimersByTime(1_999);
    expect(widget.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(widget.calls).toEqual(['reset:unverified', 'verify']);
  });

  it('a few restarts only; then the widget shows its error with the checkbox to try again', () => {
    const widget = new Widget();
    recoverCaptcha(widget, options);
    widget.set('verifying');
    vi.advanceTimersByTime(15_000 * 3);
    expect(widget.calls.filter((call) => call === 'verify')).toHaveLength(3);
    vi.advanceTimersByTime(15_000);
    expect(widget.calls.at(-1)).toBe('reset:error:failed');
    vi.advanceTimersByTime(60_000);
    expect(widget.calls.filter((call) => call === 'verify')).toHaveLength(3);
    // An error after the last restart stays for the debtor to click.
    expect(widget.getState()).toBe('error');
  });

  it('a solved check gives the restarts back (a later expiry or error is retried again)', () => {
    const widget = new Widget();
    recoverCaptcha(widget, options);
    for (let round = 0; round < 5; round += 1) {
      widget.set('error');
      vi.advanceTimersByTime(2_000);
      widget.set('verified');
    }
    expect(widget.calls.filter((call) => call === 'verify')).toHaveLength(5);
  });

  it('a verified, unverified or expired widget is left alone, and nothing runs after the stop', () => {
    const widget = new Widget();
    const stop = recoverCaptcha(widget, options);
    for (const state of ['verified', 'unverified', 'expired'] as const) {
      widget.set(state);
      vi.advanceTimersByTime(60_000);
    }
    expect(widget.calls).toEqual([]);
    widget.set('verifying');
    stop();
    vi.advanceTimersByTime(60_000);
    widget.set('error');
    vi.advanceTimersByTime(60_000);
    expect(widget.calls).toEqual([]);
  });
});
