/**
 * lazyValidation (app/lib/lazy-validation.ts): a form's browser validation whose schema and zod
 * come on demand. Before they are there nothing is checked in the browser and nothing a field
 * shows is lost; once loaded, the browser's answer is the action's.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { fieldError } from '~/lib/form-errors';
import { lazyValidation } from '~/lib/lazy-validation';
import { signInSchema } from '~/schemas/signin';

const fields = ['mode', 'reference', 'password', 'privacy', 'returnTo'];
const form = { elements: fields.map((name) => ({ name })) } as unknown as HTMLFormElement;

function formData(entries: Record<string, string>, intent?: object) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  if (intent) data.set('__intent__', JSON.stringify(intent));
  return data;
}

const wrong = { mode: 'password', reference: '12', password: '' };
const check = { type: 'validate', payload: { name: 'reference' } };

describe('lazyValidation', () => {
  it('loads the schema once, on demand', async () => {
    let loads = 0;
    const validation = lazyValidation(async () => {
      loads += 1;
      return signInSchema;
    });
    expect(loads).toBe(0);
    await Promise.all([validation.load(), validation.load()]);
    expect(loads).toBe(1);
  });

  it('before the schema is there: a field check keeps every message (also an unticked box), sending goes to the action', () => {
    const validation = lazyValidation(() => new Promise<typeof signInSchema>(() => {}));
    const checked = validation.onValidate({ form, formData: formData(wrong, check) });
    if (checked.status === 'success') throw new Error('a field check is no success');
    expect(checked.status).toBeUndefined();
    // null keeps a field's current message (conform), for every field of the form, "privacy" too.
    const kept = Object.fromEntries(['', ...fields].map((name) => [name, null]));
    expect(checked.error).toEqual(kept);
    expect(checked.reply().error).toEqual(kept);
    const sent = validation.onValidate({ form, formData: formData(wrong) });
    expect(sent.status).toBe('success');
  });

  it('once loaded, the browser answers what the action answers', async () => {
    const validation = lazyValidation(async () => signInSchema);
    await validation.load();
    for (const data of [formData(wrong), formData(wrong, check), formData({ ...wrong, reference: '100000001' })]) {
      const browser = validation.onValidate({ form, formData: data });
      const action = parseWithZod(data, { error: fieldError, schema: signInSchema });
      expect(browser.status).toBe(action.status);
      expect(browser.reply()).toEqual(action.reply());
    }
  });
});
