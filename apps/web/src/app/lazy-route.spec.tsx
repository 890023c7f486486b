import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyRoute, routeChunk } from './route-pages';

const Page = () => <p>la página</p>;

function renderLazy(Lazy: ReturnType<typeof lazyRoute>) {
  render(
    <Suspense fallback={<p>cargando</p>}>
      <Lazy />
    </Suspense>,
  );
}

describe("a route's lazy page", () => {
  it('shows its loading placeholder while its chunk loads, then the page', async () => {
    const chunk = routeChunk(async () => ({ Page }));
    renderLazy(lazyRoute(chunk, (module) => module.Page));
    expect(screen.getByText('cargando')).toBeInTheDocument();
    expect(await screen.findByText('la página')).toBeInTheDocument();
  });

  it('renders at once, never its placeholder, once its chunk is loaded (a page the server sent, being hydrated)', async () => {
    const chunk = routeChunk(async () => ({ Page }));
    await chunk.load();
    renderLazy(lazyRoute(chunk, (module) => module.Page));
    expect(screen.getByText('la página')).toBeInTheDocument();
    expect(screen.queryByText('cargando')).not.toBeInTheDocument();
  });
});
