import { Fragment } from 'react';

/**
 * Renders a translated text block: paragraphs separated by a blank line; lines starting with
 * "- " become a list. Text only: translations never carry HTML.
 */
export function RichText({ text }: { text: string }) {
  const blocks = text
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <>
      {blocks.map((block, index) => {
        const lines = block.split('\n');
        if (lines.every((l) => l.startsWith('- '))) {
          return (
            <ul key={index}>
              {lines.map((l, i) => (
                <li key={i}>{l.slice(2)}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={index}>
            {lines.map((l, i) => (
              <Fragment key={i}>
                {i > 0 ? <br /> : null}
                {l}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
}
