import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { DecisionPage } from './decision-page';

jest.setTimeout(20_000);

const renderDecision = (search: string) =>
  renderPage(<DecisionPage />, { routePath: 'trabajos/decision', path: `/trabajos/decision${search}` });

describe("/trabajos/decision (the link in the professional's mail)", () => {
  afterEach(restoreFetch);

  it('posts nothing until confirmed, then the decision with the token, and shows the outcome', async () => {
    const fetch = stubFetch({ '/api/bookings/decision': { body: { id: 3 } } });
    renderDecision('?token=abc.def&action=decline');
    expect(screen.getByText('Rechazar el trabajo')).toBeInTheDocument();
    expect(fetch.callsTo('/api/bookings/decision')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Motivo del rechazo'), 'Estoy de viaje');
    await userEvent.click(screen.getByTestId('decision-confirm'));
    expect(await screen.findByText('Rechazaste el trabajo')).toBeInTheDocument();
    const [, init] = fetch.mock.mock.calls.find(([input]) => String(input).endsWith('/api/bookings/decision'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ token: 'abc.def', action: 'decline', reason: 'Estoy de viaje' });
  });

  it("shows the API's reason when the link was used or expired", async () => {
    stubFetch({
      '/api/bookings/decision': { status: 409, body: { statusCode: 409, code: 'conflict', message: 'Este enlace ya fue usado' } },
    });
    renderDecision('?token=abc&action=accept');
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByTestId('decision-error')).toHaveTextContent('Este enlace ya fue usado');
  });

  it('says the link is not valid without a token or with another action', () => {
    stubFetch({});
    renderDecision('?action=maybe&token=x');
    expect(screen.getByText('El enlace no es válido')).toBeInTheDocument();
  });
});
