import { Badge } from 'antd';
import type { ReactNode } from 'react';

/** antd Badge with the number of cart items (its own chunk: the cart starts empty). */
export function CartBadge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Badge count={count} size="small">
      {children}
    </Badge>
  );
}
