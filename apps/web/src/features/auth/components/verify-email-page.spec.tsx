import { screen, waitFor } from '@testing-library/react';
import { bodyOf } from '../../../testing/auth-fixtures';
import { restoreFetch, stubFetch, type FakeResponseInit, type RouteHandler } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { VerifyEmailPage } from './verify-email-page';

jest.setTimeout(20_000);

function setup(path: string, routes: Record<string, RouteHandler | FakeResponseInit> = {}) {
  const fetch = stubFetch(routes);
  return { fetch, ...renderPage(<VerifyEmailPage />, { routePath: 'verify-email', path }) };
}

describe('VerifyEmailPage', () => {
  afterEach(restoreFetch);

  it('confirms the e-mail with the link token as the page opens, once, and says so', async () => {
    const { fetch } = setup('/verify-email?token=abc123', {
      '/home/user/email/verify': { body: { message: 'Tu correo quedó verificado' } },
    });
    expect(await screen.findByTestId('verify-email-success')).toHaveTextContent('Tu correo quedó verificado');
    expect(bodyOf(fetch.mock, '/home/user/email/verify')).toEqual({ token: 'abc123' });
    expect(fetch.callsTo('/home/user/email/verify')).toHaveLength(1);
  });

  it("shows the API's message for a used or expired link, with what to do", async () => {
    setup('/verify-email?token=viejo', {
      '/home/user/email/verify': {
        status: 400,
        body: { statusCode: 400, message: 'El enlace no es valido o ya expiro', errors: [{ field: 'token', message: 'x' }] },
      },
    });
    const error = await screen.findByTestId('verify-email-error');
    expect(error).toHaveTextContent('El enlace no es valido o ya expiro');
    expect(error).toHaveTextContent('pide un nuevo enlace desde tu perfil');
  });

  it('says the link is not valid without a token, and sends nothing', async () => {
    const { fetch } = setup('/verify-email');
    expect(await screen.findByTestId('verify-email-error')).toHaveTextContent('El enlace no es valido o ya expiro');
    await waitFor(() => expect(fetch.mock).not.toHaveBeenCalled());
  });
});
