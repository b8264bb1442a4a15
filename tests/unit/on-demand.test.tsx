/**
 * onDemand (app/lib/on-demand.ts): a component fetched in its own chunk that, once preloaded,
 * renders in the same pass — so a server that preloads it puts it into the HTML with the page
 * (the dashboard's modals work without JavaScript) instead of a fallback.
 */
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { onDemand } from '~/lib/on-demand';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const page = (Component: React.ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<p>waiting</p>}>
      <Component name="Ada" />
    </Suspense>,
  );

describe('onDemand', () => {
  it('renders the fallback while the code is not there, without loading it twice', async () => {
    let loads = 0;
    const greeting = onDemand(async () => {
      loads += 1;
      return Greeting;
    });
    expect(page(greeting.Component)).toContain('waiting');
    await greeting.preload();
    await greeting.preload();
    expect(loads).toBe(1);
  });

  it('renders the component in the same pass once it was preloaded', async () => {
    const greeting = onDemand(async () => Greeting);
    await greeting.preload();
    const html = page(greeting.Component);
    expect(html).toContain('Hello <!-- -->Ada');
    expect(html).not.toContain('waiting');
  });
});
