import type { ReactNode } from 'react';

/**
 * A staff desk table: a header row of column titles (`th scope="col"`), then the rows given as
 * children; `caption`, where given, names the table for screen readers only.
 */
export function StaffTable({
  columns,
  caption,
  children,
}: {
  columns: ReactNode[];
  caption?: string;
  children: ReactNode;
}) {
  return (
    <table className="staff-table">
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th scope="col" key={index}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
