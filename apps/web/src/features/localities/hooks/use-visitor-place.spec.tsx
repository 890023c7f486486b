import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { sessionAnswer } from '../../../testing/auth-fixtures';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { CABALLITO, PALERMO, ROSARIO } from '../../../testing/locality-fixtures';
import { createTestQueryClient, TestProviders } from '../../../testing/render';
import { useVisitorPlace, VISITOR_PLACE_STORAGE_KEY } from './use-visitor-place';

function renderPlace() {
  const queryClient = createTestQueryClient();
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders queryClient={queryClient} store={store}>
      {children}
    </TestProviders>
  );
  return renderHook(() => useVisitorPlace(), { wrapper });
}

const anonymous = { '/home/user/me': { status: 401, body: { statusCode: 401, message: 'No autenticado' } } };
const clientLivingIn = (locality: unknown) => ({
  '/home/user/me': { body: { ...sessionAnswer('cliente', { locality } as object), profile: {} } },
});

beforeEach(() => window.localStorage.clear());
afterEach(restoreFetch);

describe('useVisitorPlace', () => {
  it('has no place for a new visitor, and remembers the one they choose in this browser', async () => {
    stubFetch(anonymous);
    const first = renderPlace();
    expect(first.result.current.place).toBeNull();

    act(() => first.result.current.choose(ROSARIO));

    expect(first.result.current.place).toEqual(ROSARIO);
    expect(JSON.parse(window.localStorage.getItem(VISITOR_PLACE_STORAGE_KEY)!)).toEqual(ROSARIO);
    first.unmount();
    // The page loaded again (a new app): the place is still there.
    expect(renderPlace().result.current.place).toEqual(ROSARIO);
  });

  it('reads anything stored that is not a locality as no place', () => {
    stubFetch(anonymous);
    window.localStorage.setItem(VISITOR_PLACE_STORAGE_KEY, JSON.stringify({ id: 'Atlántida', name: 'Atlántida' }));
    expect(renderPlace().result.current.place).toBeNull();
  });

  it("prefers the signed-in client's locality to the one remembered, and a place chosen now to both", async () => {
    stubFetch(clientLivingIn(CABALLITO));
    window.localStorage.setItem(VISITOR_PLACE_STORAGE_KEY, JSON.stringify(ROSARIO));
    const { result } = renderPlace();
    expect(result.current.place).toEqual(ROSARIO);
    await waitFor(() => expect(result.current.place).toEqual(CABALLITO));

    act(() => result.current.choose(PALERMO));

    expect(result.current.place).toEqual(PALERMO);
  });

  it('keeps the remembered place for an account without a locality', async () => {
    const fetch = stubFetch(clientLivingIn(null));
    window.localStorage.setItem(VISITOR_PLACE_STORAGE_KEY, JSON.stringify(ROSARIO));
    const { result } = renderPlace();
    await waitFor(() => expect(fetch.callsTo('/home/user/me')).toHaveLength(1));
    await act(async () => {});
    expect(result.current.place).toEqual(ROSARIO);
  });
});
