import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

export const meta: MetaFunction = () => [{ title: 'A bare Remix page' }];

export function loader() {
  return { greeting: 'Hello', at: new Date().toISOString() };
}

export default function Index() {
  const { greeting, at } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{greeting}</h1>
      <p>Rendered at {at}.</p>
    </main>
  );
}
