import type { ReactNode } from 'react';

/**
 * Build-time stand-in for antd's tooltip UniqueProvider (see vite.config.ts).
 * antd's ConfigProvider only renders it when `tooltip.unique` is configured,
 * which this app never does, yet its static import drags @rc-component/trigger
 * into the first-paint bundle. Components that really use the
 * trigger (Select, Dropdown, Tooltip) still import it themselves, lazily.
 */
export default function TooltipUniqueProvider({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
