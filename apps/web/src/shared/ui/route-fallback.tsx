/**
 * What shows while a page's code loads: a CSS-only spinner, so the shell does
 * not need antd's Spin (pages show their own Spin while their data loads).
 */
export function RouteFallback() {
  return (
    <div role="status" aria-label="Cargando..." data-testid="route-loading" className="route-fallback">
      <span className="route-fallback-spinner" />
    </div>
  );
}
