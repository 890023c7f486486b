import { Card, Empty } from 'antd';
import type { ReactNode } from 'react';

interface ProfileListCardProps<T> {
  title: string;
  /** The section's test id; its title's element id is `<testId>-title`. */
  testId: string;
  /** Said instead of the list when it is empty. */
  empty: string;
  items: T[];
  /** One `<li>` per item. */
  children: (item: T) => ReactNode;
}

/** A titled list of a profile ("Reseñas", "Trabajos", "Historial de Compras"), scrolling past 50rem. */
export function ProfileListCard<T>({ title, testId, empty, items, children }: ProfileListCardProps<T>) {
  const titleId = `${testId}-title`;
  return (
    <Card title={<span id={titleId}>{title}</span>}>
      <section aria-labelledby={titleId} data-testid={testId} style={{ maxHeight: '50rem', overflowY: 'auto' }}>
        {items.length === 0 ? (
          <Empty description={empty} />
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>{items.map(children)}</ul>
        )}
      </section>
    </Card>
  );
}
