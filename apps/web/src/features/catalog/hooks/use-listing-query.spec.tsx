import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useListingQuery } from './use-listing-query';

function inRouter(path: string) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="home/:profession?" element={children} />
      </Routes>
    </MemoryRouter>
  );
}

function renderListingQuery(path = '/home') {
  return renderHook(() => ({ ...useListingQuery([]), location: useLocation(), navigate: useNavigate() }), { wrapper: inRouter(path) });
}

const where = (location: { pathname: string; search: string }) => location.pathname + location.search;

describe('useListingQuery', () => {
  it('builds a change on the one made just before, even when that one has not been rendered yet', () => {
    const { result } = renderListingQuery();
    // Both changes in one act: the second runs with the closures of the first render, as a click does
    // while the router's transition to the first URL has not committed.
    const { update } = result.current;
    act(() => {
      update(({ professions }) => ({ professions: [...professions, 'plomero'] }));
      update(({ professions }) => ({ professions: [...professions, 'gasista'] }));
    });
    expect(result.current.query.professions).toEqual(['plomero', 'gasista']);
    expect(where(result.current.location)).toBe('/home?professions=plomero,gasista');
  });

  it('a removal made before the last choice has shown keeps that choice', () => {
    const { result } = renderListingQuery('/home?professions=plomero,gasista');
    const { update } = result.current;
    act(() => {
      update(({ professions }) => ({ professions: [...professions, 'pintor'] }));
      update(({ professions }) => ({ professions: professions.filter((name) => name !== 'plomero') }));
    });
    expect(result.current.query.professions).toEqual(['gasista', 'pintor']);
  });

  it('back resets the base to what the URL says', async () => {
    const { result } = renderListingQuery('/home/plomero');
    act(() => result.current.update({ rating: 4 }));
    expect(where(result.current.location)).toBe('/home/plomero?rating=4');
    await act(async () => {
      await result.current.navigate(-1);
    });
    expect(where(result.current.location)).toBe('/home/plomero');
    act(() => result.current.update({ sort: 'rating', order: 'desc' }));
    expect(result.current.query).toMatchObject({ professions: ['plomero'], rating: null, sort: 'rating', order: 'desc' });
  });

  it('a change to the same listing does not navigate', () => {
    const { result } = renderListingQuery('/home/plomero');
    const before = result.current.location.key;
    act(() => result.current.update(({ professions }) => (professions.includes('plomero') ? {} : { professions: ['x'] })));
    expect(result.current.location.key).toBe(before);
  });
});
