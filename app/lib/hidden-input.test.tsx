/**
 * `hiddenInputProps` against what it stands for: conform's `getInputProps(field, { type: 'hidden' })`
 * without the constraints, for fields with and without a value, with and without errors, with
 * constraints of every kind.
 */
import { getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { hiddenInputProps } from './hidden-input';

const constraint = {
  returnTo: { required: true, maxLength: 200, pattern: '/.*' },
  mode: { required: false },
  amount: { required: true, min: 1, max: 10, step: 1 },
  files: { multiple: true },
};

function compared(defaultValue: Record<string, string>, lastResult?: SubmissionResult<string[]>) {
  const pairs: Array<[unknown, unknown]> = [];
  function Form() {
    const [, fields] = useForm({ id: 'f', constraint, defaultValue, lastResult });
    for (const name of ['returnTo', 'mode', 'amount', 'files'] as const) {
      const field = fields[name]!;
      const {
        required: _required,
        pattern: _pattern,
        minLength: _minLength,
        maxLength: _maxLength,
        min: _min,
        max: _max,
        step: _step,
        multiple: _multiple,
        ...expected
      } = getInputProps(field, { type: 'hidden' });
      pairs.push([hiddenInputProps(field), expected]);
    }
    return null;
  }
  renderToString(<Form />);
  return pairs;
}

describe('hiddenInputProps', () => {
  it('gives what getInputProps gives for a hidden input, less the constraints', () => {
    const cases = [
      compared({}),
      compared({ returnTo: '/serviceportal/dashboard', mode: 'password', amount: '5' }),
      compared(
        { returnTo: '/x' },
        {
          status: 'error',
          initialValue: { returnTo: '/x', mode: 'reference' },
          error: { returnTo: ['errors.returnTo'], amount: ['errors.required'] },
        },
      ),
    ];
    for (const pairs of cases)
      for (const [actual, expected] of pairs) {
        expect(actual).toEqual(expected);
        expect(Object.keys(actual as object)).toEqual(Object.keys(expected as object));
      }
    const invalid = cases[2]![0]![0] as Record<string, unknown>;
    expect(invalid['aria-invalid']).toBe(true);
    expect(invalid.defaultValue).toBe('/x');
    expect(cases[1]![1]![0]).toMatchObject({ name: 'mode', type: 'hidden', defaultValue: 'password' });
  });
});
