import { screen, waitFor } from '@testing-library/react';
import { restoreFetch, stubFetch, type FakeResponseInit } from '../../testing/fetch-stub';
import { renderRoutes } from '../../testing/render';
import { AppLayout } from './app-layout';

// ScrollToTop reads only the path: it renders again when the frame does, so it counts the frame's renders.
const frameRenders = jest.fn();
jest.mock('./scroll-to-top', () => ({
  ScrollToTop: () => {
    frameRenders();
    return null;
  },
}));

describe('AppLayout', () => {
  afterEach(() => {
    restoreFetch();
    frameRenders.mockClear();
  });

  it("does not render again when the session's answer arrives: only what reads it does", async () => {
    let answerSession!: (answer: FakeResponseInit) => void;
    stubFetch({ '/home/user/me': () => new Promise<FakeResponseInit>((resolve) => (answerSession = resolve)) });
    renderRoutes([{ path: '/', element: <AppLayout />, children: [{ index: true, element: <p>contenido</p> }] }]);
    expect(await screen.findByText('contenido')).toBeInTheDocument();
    await waitFor(() => expect(answerSession).toBeDefined());
    const rendersBefore = frameRenders.mock.calls.length;

    answerSession({ status: 401, body: { statusCode: 401, message: 'No autenticado' } });
    // The top bar reads the session: its sign-in button shows once the answer says nobody is signed in.
    expect(await screen.findByRole('button', { name: /Iniciar Sesion/ })).toBeInTheDocument();
    // Were the frame to read it too, the answer would re-render it, with the page below it, at a store's urgent
    // priority (one long task when the page had just loaded its code).
    expect(frameRenders).toHaveBeenCalledTimes(rendersBefore);
  });
});
