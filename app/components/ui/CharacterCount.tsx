import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A count of characters as the reader's language writes numbers: "5,000" in English, "5.000" in
 * German, "5 000" in French (issue 25, finding 11). The page's locale joins the language with the
 * file's country for money and dates; "en-DE" writes "5.000", which an English reader takes for
 * five characters. A count is no amount of money: the language alone decides.
 */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale.split('-')[0] || undefined).format(value);
}

/** How long the typing must pause before the count is announced. */
const announceAfterMs = 1500;

/**
 * The count of a text area with a limit, after the GOV.UK character count: people may type past
 * the limit (a browser maxlength would cut a pasted text without a word) and see how far over
 * they are; the server refuses the excess with the same message.
 *
 * - Without JavaScript: one static hint, "up to N characters", which the text area points at.
 * - With JavaScript: a visible count ("3,912 of 4,000 characters left" / "58 characters too
 *   many"), updated while typing, and a polite live region that speaks only when the typing
 *   pauses and the text is near or over the limit: a screen-reader user is not interrupted on
 *   every key, but hears it in time.
 *
 * The text area is found by `fieldId`; its aria-describedby should include `hintId(fieldId)`.
 */
export function CharacterCount({ fieldId, max, locale }: { fieldId: string; max: number; locale: string }) {
  const { t } = useTranslation();
  const [length, setLength] = useState<number | null>(null);
  const [announced, setAnnounced] = useState('');
  const timer = useRef<number | undefined>(undefined);
  const number = (value: number) => formatCount(value, locale);
  const message = (count: number) =>
    count > max
      ? t('form.characters.over', { count: count - max, over: number(count - max) })
      : t('form.characters.left', { count: max - count, left: number(max - count), max: number(max) });

  // The effect reads the newest wording (language, locale) without re-subscribing.
  const latestMessage = useRef(message);
  useEffect(() => {
    latestMessage.current = message;
  });

  useEffect(() => {
    const field = document.getElementById(fieldId) as HTMLTextAreaElement | null;
    if (!field) return;
    // Text restored by the browser or kept after a failed send counts from the start: the field
    // is outside React's state, so its length is read here, once.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads the DOM field once on mount
    setLength(field.value.length);
    const onInput = () => {
      const count = field.value.length;
      setLength(count);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(
        () => setAnnounced(count > max * 0.9 ? latestMessage.current(count) : ''),
        announceAfterMs,
      );
    };
    field.addEventListener('input', onInput);
    return () => {
      field.removeEventListener('input', onInput);
      window.clearTimeout(timer.current);
    };
  }, [fieldId, max]);

  const over = length !== null && length > max;
  return (
    <>
      {/* The lasting description of the field; with JavaScript the count below replaces it on screen. */}
      <span id={characterHintId(fieldId)} className={length === null ? 'hint' : 'visually-hidden'}>
        {t('form.characters.max', { max: number(max) })}
      </span>
      {length !== null ? (
        <span
          className={`character-count${over ? ' character-count--over' : ''}`}
          aria-hidden="true"
          data-testid={`${fieldId}-count`}
        >
          {message(length)}
        </span>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {announced}
      </span>
    </>
  );
}

/** The id of the static "up to N characters" hint, for the text area's aria-describedby. */
export function characterHintId(fieldId: string): string {
  return `${fieldId}-limit`;
}
