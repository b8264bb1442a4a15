/**
 * The tools' input schemas are converted to JSON Schema once per process, not on every turn
 * (issue 28): every turn's tools share one schema object per tool, and what a language model is
 * shown is still each intent's slots.
 */
import { asSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { variants } from '../../variants/config.ts';
import { createTools, type ToolContext } from './index.ts';

const context = (): ToolContext => ({
  db: null as never,
  session: null,
  variant: variants.de,
  language: 'de',
  today: '2026-11-29',
});

describe('the tools’ input schemas', () => {
  it('are the same objects in every turn', () => {
    const first = createTools(context());
    const second = createTools(context());
    const names = Object.keys(first) as Array<keyof typeof first>;
    expect(names.length).toBeGreaterThan(30);
    for (const name of names) expect(second[name].inputSchema, name).toBe(first[name].inputSchema);
  });

  it('still show a model each intent’s slots', () => {
    const tools = createTools(context());
    const plan = asSchema(tools.pay_instalments.inputSchema).jsonSchema as { properties: Record<string, unknown> };
    expect(Object.keys(plan.properties)).toEqual(expect.arrayContaining(['rate', 'firstDate']));
    const clarify = asSchema(tools.clarify.inputSchema).jsonSchema as { properties: Record<string, unknown> };
    expect(Object.keys(clarify.properties)).toEqual(['alternatives']);
    // The conversion is kept: asked again, the same JSON Schema object.
    expect(asSchema(tools.pay_instalments.inputSchema).jsonSchema).toBe(plan);
  });
});
