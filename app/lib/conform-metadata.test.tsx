// @vitest-environment jsdom
/**
 * The patched field metadata of @conform-to/react (patches/@conform-to+react+1.21.1.patch,
 * decision 118): a field keeps one metadata object per form state instead of making one on every
 * property read. What a form renders must not change: ids, names, constraints, values sent before
 * and errors, on the server and in the browser, and a read after the form's state has changed
 * (an error shown, then mended) must see the new state, also from an event handler.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { act, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

afterEach(cleanup);

const schema = z.object({
  reference: z.string({ error: 'required' }).regex(/^\d{9}$/, 'digits'),
  note: z.string().max(20).optional(),
  agree: z.literal('on', { error: 'agree' }),
});

function Example({
  lastResult,
  seen,
  rendered,
}: {
  lastResult?: SubmissionResult<string[]>;
  seen?: (value: unknown) => void;
  rendered?: (field: { errors?: string[]; value?: unknown }) => void;
}) {
  const [form, fields] = useForm({
    id: 'example',
    lastResult,
    // As getZodConstraint would give them for a schema with lengths and patterns.
    constraint: {
      reference: { required: true, pattern: '\\d{9}' },
      note: { maxLength: 20 },
      agree: { required: true },
    },
    defaultValue: { reference: '12345', note: 'hello' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const { reference, note, agree } = fields;
  rendered?.(reference);
  return (
    <form {...getFormProps(form)} onSubmit={form.onSubmit}>
      <input {...getInputProps(reference, { type: 'text' })} onBlur={() => seen?.(reference.errors)} />
      <span data-testid="reference-errors">{reference.errors?.join(',') ?? ''}</span>
      <input {...getInputProps(note, { type: 'text' })} />
      <input {...getInputProps(agree, { type: 'checkbox' })} />
      <button type="submit">send</button>
    </form>
  ) as ReactNode;
}

describe('conform field metadata (patched)', () => {
  it('is patched in both builds (ESM for the browser and the server bundle, CJS for tools)', () => {
    const require = createRequire(import.meta.url);
    const cjs = require.resolve('@conform-to/react').replace(/index\.js$/, 'context.js');
    const esm = cjs.replace(/context\.js$/, 'context.mjs');
    for (const file of [cjs, esm]) expect(readFileSync(file, 'utf8')).toContain('function keptMetadata(');
  });

  it('renders ids, names, constraints and the values given on the server', () => {
    const html = renderToString(<Example />);
    const page = new DOMParser().parseFromString(html, 'text/html');
    const reference = page.querySelector('input[name="reference"]')!;
    expect(reference.id).toBe('example-reference');
    expect(reference.getAttribute('value')).toBe('12345');
    expect(reference.hasAttribute('required')).toBe(true);
    expect(reference.getAttribute('pattern')).toBe('\\d{9}');
    expect(reference.hasAttribute('aria-invalid')).toBe(false);
    const note = page.querySelector('input[name="note"]')!;
    expect(note.getAttribute('maxlength')).toBe('20');
    expect(note.hasAttribute('required')).toBe(false);
    expect(page.querySelector('input[name="agree"]')!.getAttribute('value')).toBe('on');
  });

  it("renders the server's errors and the values sent with them", () => {
    const lastResult: SubmissionResult<string[]> = {
      status: 'error',
      initialValue: { reference: '12', note: 'n' },
      error: { reference: ['digits'], agree: ['agree'] },
    };
    const page = new DOMParser().parseFromString(renderToString(<Example lastResult={lastResult} />), 'text/html');
    const reference = page.querySelector('input[name="reference"]')!;
    expect(reference.getAttribute('value')).toBe('12');
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(reference.getAttribute('aria-describedby')).toBe('example-reference-error');
    expect(page.querySelector('[data-testid="reference-errors"]')!.textContent).toBe('digits');
    expect(page.querySelector('input[name="note"]')!.getAttribute('value')).toBe('n');
    expect(page.querySelector('input[name="agree"]')!.getAttribute('aria-invalid')).toBe('true');
  });

  it('follows the state in the browser: an error shown on submit, cleared as the field is mended', async () => {
    const seen: unknown[] = [];
    const renders: { errors?: string[]; value?: unknown }[] = [];
    const view = render(<Example seen={(value) => seen.push(value)} rendered={(field) => renders.push(field)} />);
    const reference = view.container.querySelector<HTMLInputElement>('input[name="reference"]')!;
    expect(reference.value).toBe('12345');
    await act(async () => {
      fireEvent.submit(view.container.querySelector('form')!);
    });
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(view.getByTestId('reference-errors').textContent).toBe('digits');
    fireEvent.blur(reference);
    expect(seen.at(-1)).toEqual(['digits']);
    // The field as the first render had it, read now: the state of now.
    expect(renders[0]!.errors).toEqual(['digits']);
    await act(async () => {
      fireEvent.input(reference, { target: { value: '123456789' } });
    });
    expect(reference.hasAttribute('aria-invalid')).toBe(false);
    expect(view.getByTestId('reference-errors').textContent).toBe('');
    fireEvent.blur(reference);
    expect(seen.at(-1)).toBeUndefined();
    const [first] = renders;
    expect(first!.errors).toBeUndefined();
    expect(first!.value).toBe('123456789');
  });
});
