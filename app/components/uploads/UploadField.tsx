import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { describedBy, FieldMessages } from '~/components/ui/Field';
import { useHydrated } from '~/lib/use-hydrated';
import { useTranslation } from 'react-i18next';
import {
  acceptAttribute,
  checkSelection,
  maxFileBytes,
  signatureBytes,
  type UploadProblem,
} from '#server/uploads/rules.ts';

export interface UploadInfo {
  id: number;
  name: string;
  sizeBytes: number;
}
export interface RefusedInfo {
  name: string;
  problem: UploadProblem | 'notYours' | 'failed' | 'rateLimited';
}

interface Props {
  /** Where the files belong (announcedPayment, documentRequest, message, …). */
  context: string;
  /** The uploads endpoint of the variant (`/serviceportal/uploads`). */
  endpoint: string;
  /** Files already accepted (pending), offered again after a failed attempt. */
  kept: UploadInfo[];
  /** Files the server refused in the last attempt (sent without JavaScript). */
  refused?: RefusedInfo[];
  label: string;
  hint?: string;
  /** A form-level error for this field (e.g. "add at least one receipt"), already translated. */
  error?: string;
  locale: string;
  id?: string;
}

interface Chosen {
  key: string;
  name: string;
  size: number;
  problem: RefusedInfo['problem'] | null;
  state: 'invalid' | 'waiting' | 'uploading' | 'refused';
  file: File | null;
}

export function formatBytes(bytes: number, locale: string): string {
  if (bytes < 1024 * 1024)
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
      Math.max(1, Math.round(bytes / 1024)),
    );
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );
}

/**
 * A file field for JPG, PNG, PDF and TIF receipts and documents.
 *
 * Without JavaScript it is a plain `<input type="file" name="files" multiple>` in a multipart
 * form: the server streams and checks the files and offers the accepted ones again by id if the
 * form has to be corrected. With JavaScript every chosen file is checked at once (magic bytes
 * and size, the same rules as the server), listed with its problem, and the valid ones are sent
 * to the uploads endpoint with a progress bar; the form then only carries their ids. While a
 * chosen file is invalid or still uploading, the form cannot be sent.
 */
export function UploadField({
  context,
  endpoint,
  kept: initialKept,
  refused = [],
  label,
  hint,
  error,
  locale,
  id,
}: Props) {
  const { t } = useTranslation('uploads');
  const generated = useId();
  const inputId = id ?? `upload-${generated.replace(/:/g, '')}`;
  const hydrated = useHydrated();
  const [kept, setKept] = useState<UploadInfo[]>(initialKept);
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [blocked, setBlocked] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  // A new server answer (another attempt) brings its own list of kept files.
  const keptSignature = initialKept.map((u) => u.id).join(',');
  const [keptFor, setKeptFor] = useState(keptSignature);
  if (keptFor !== keptSignature) {
    setKeptFor(keptSignature);
    setKept(initialKept);
    setRemoved(new Set());
  }

  const active = kept.filter((u) => !removed.has(u.id));
  const invalid = chosen.filter((c) => c.state === 'invalid' || c.state === 'refused');
  const busy = progress !== null || chosen.some((c) => c.state === 'uploading' || c.state === 'waiting');
  const mustBlock = invalid.length > 0 || busy;

  // Sending is blocked while a file is invalid or still on its way.
  const blockRef = useRef(mustBlock);
  useEffect(() => {
    blockRef.current = mustBlock;
  }, [mustBlock]);
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const onSubmit = (event: Event) => {
      if (!blockRef.current) return;
      event.preventDefault();
      event.stopPropagation();
      setBlocked(true);
      listRef.current?.focus();
    };
    form.addEventListener('submit', onSubmit, true);
    return () => form.removeEventListener('submit', onSubmit, true);
  }, [hydrated]);
  // The notice goes once nothing blocks any more.
  if (blocked && !mustBlock) setBlocked(false);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    const heads = await Promise.all(
      files.map(async (file) => new Uint8Array(await file.slice(0, signatureBytes).arrayBuffer())),
    );
    const usedBytes = active.reduce((sum, u) => sum + u.sizeBytes, 0);
    const problems = checkSelection(
      files.map((file, index) => ({ size: file.size, head: heads[index]! })),
      usedBytes,
      active.length,
    );
    const next: Chosen[] = files.map((file, index) => ({
      key: `${Date.now()}-${index}-${file.name}`,
      name: file.name,
      size: file.size,
      problem: problems[index] ?? null,
      state: problems[index] ? 'invalid' : 'waiting',
      file: problems[index] ? null : file,
    }));
    setChosen((previous) => [...previous.filter((c) => c.state !== 'waiting'), ...next]);
    const valid = next.filter((c) => c.state === 'waiting');
    if (valid.length > 0) send(valid);
  }

  function send(batch: Chosen[]) {
    const body = new FormData();
    for (const upload of active) body.append('uploadId', String(upload.id));
    for (const item of batch) body.append('files', item.file!, item.name);
    const keys = new Set(batch.map((c) => c.key));
    setChosen((list) => list.map((c) => (keys.has(c.key) ? { ...c, state: 'uploading' } : c)));
    setProgress(0);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${endpoint}?context=${encodeURIComponent(context)}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
    };
    const fail = (problem: 'failed' | 'rateLimited' = 'failed') => {
      setProgress(null);
      setChosen((list) => list.map((c) => (keys.has(c.key) ? { ...c, state: 'refused', problem, file: null } : c)));
    };
    xhr.onerror = () => fail();
    xhr.onload = () => {
      // Too many uploads in a short time (server/limits/rate-limits.ts): said at each file.
      if (xhr.status === 429) return fail('rateLimited');
      const answer = xhr.response as { accepted?: UploadInfo[]; refused?: RefusedInfo[] } | null;
      if (!answer || !Array.isArray(answer.accepted) || (xhr.status >= 400 && xhr.status !== 422)) return fail();
      setProgress(null);
      setKept((list) => [...list, ...answer.accepted!]);
      const refusedByName = new Map((answer.refused ?? []).map((r) => [r.name, r.problem]));
      setChosen((list) =>
        list.flatMap((c) => {
          if (!keys.has(c.key)) return [c];
          const problem = refusedByName.get(c.name);
          return problem ? [{ ...c, state: 'refused' as const, problem, file: null }] : [];
        }),
      );
    };
    xhr.send(body);
  }

  const problemText = (problem: RefusedInfo['problem']) =>
    t(`problems.${problem}`, { max: formatBytes(maxFileBytes, locale) });

  return (
    <div className={`field upload-field${error || invalid.length > 0 || refused.length > 0 ? ' field--error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <FieldMessages id={inputId} hint={hint} error={error} />
      <input
        ref={inputRef}
        id={inputId}
        className="input upload-field__input"
        type="file"
        name={hydrated ? undefined : 'files'}
        multiple
        accept={acceptAttribute}
        aria-describedby={describedBy(inputId, hint, error)}
        onChange={onChange}
      />

      <div className="upload-field__list" ref={listRef} tabIndex={-1} aria-live="polite">
        {progress !== null ? (
          <div className="upload-field__progress">
            <label htmlFor={`${inputId}-progress`}>{t('uploading', { percent: progress })}</label>
            <progress id={`${inputId}-progress`} max={100} value={progress}>
              {progress} %
            </progress>
          </div>
        ) : null}
        {blocked ? (
          <p className="field-error" role="alert">
            {busy ? t('blockedBusy') : t('blockedInvalid')}
          </p>
        ) : null}
        {refused.length > 0 || chosen.length > 0 || kept.length > 0 ? (
          <ul className="file-list">
            {kept.map((upload) => (
              <li key={`kept-${upload.id}`} className="file-list__item">
                <div className="checkbox">
                  <input
                    id={`${inputId}-kept-${upload.id}`}
                    type="checkbox"
                    name="uploadId"
                    value={upload.id}
                    checked={!removed.has(upload.id)}
                    onChange={(e) => {
                      const checked = e.target.checked;
                      setRemoved((set) => {
                        const copy = new Set(set);
                        if (checked) copy.delete(upload.id);
                        else copy.add(upload.id);
                        return copy;
                      });
                    }}
                  />
                  <label htmlFor={`${inputId}-kept-${upload.id}`}>
                    {upload.name} <span className="muted">({formatBytes(upload.sizeBytes, locale)})</span>{' '}
                    <span className="badge badge--success">{t('uploaded')}</span>
                  </label>
                </div>
              </li>
            ))}
            {refused.map((item, index) => (
              <li key={`refused-${index}`} className="file-list__item file-list__item--error">
                <span>{item.name}</span>
                <span className="field-error">
                  <span className="visually-hidden">{t('common:form.errorPrefix')}</span> {problemText(item.problem)}
                </span>
              </li>
            ))}
            {chosen.map((item) => (
              <li key={item.key} className={`file-list__item${item.problem ? ' file-list__item--error' : ''}`}>
                <span>
                  {item.name} <span className="muted">({formatBytes(item.size, locale)})</span>
                </span>
                {item.problem ? (
                  <span className="field-error">
                    <span className="visually-hidden">{t('common:form.errorPrefix')}</span> {problemText(item.problem)}
                  </span>
                ) : (
                  <span className="muted">{t('sending')}</span>
                )}
                {item.problem ? (
                  <button
                    type="button"
                    className="button button--quiet"
                    onClick={() => setChosen((list) => list.filter((c) => c.key !== item.key))}
                  >
                    {t('remove')}
                    <span className="visually-hidden"> – {item.name}</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {kept.length > 0 ? <p className="muted">{t('keptHint')}</p> : null}
      </div>
    </div>
  );
}
