import type { Key, ReactNode } from 'react';
import styles from '../support.module.css';

/**
 * The console's lists, one shape for all of them: a caption for screen readers, a header cell per column
 * and a row per item, scrolling sideways on a narrow screen. With no items and a `none` to say so, that
 * line stands in for an empty table.
 */
export function SupportTable<Item>({
  caption,
  columns,
  items,
  keyOf,
  cells,
  none,
}: {
  caption: string;
  /** The header's texts in order; `false` leaves a column out (one only admins see). */
  columns: ReadonlyArray<string | false>;
  items: readonly Item[];
  keyOf: (item: Item) => Key;
  /** An item's cells (`<td>`s), in the columns' order. */
  cells: (item: Item) => ReactNode;
  none?: string;
}) {
  if (items.length === 0 && none !== undefined) return <p className={styles.muted}>{none}</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns
              .filter((column) => column !== false)
              .map((column, index) => (
                <th key={index} scope="col">
                  {column}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={keyOf(item)}>{cells(item)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
