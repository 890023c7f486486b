import type { CartView, JobRequestView, MessageImageView } from '@oficios/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch, type FetchStub } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { ana } from '../../../testing/cart-test-utils';
import { useServerCart } from '../api/get-cart';
import { JOB_REQUEST_MISSING, JOB_REQUEST_SAVED, JobRequestField, TOO_MANY_PHOTOS } from './job-request-field';

jest.setTimeout(20_000);

const photo = (id: number): MessageImageView => ({
  id,
  url: `http://api.test/api/job-requests/images/${id}`,
  thumbUrl: `http://api.test/api/job-requests/images/${id}/thumb`,
});

/** A one-line server cart whose request the stubbed API keeps: PUT replaces it, POST of photos answers new ids. */
function fakeApi(initial: JobRequestView = { text: '', images: [] }): FetchStub & { bodies: () => unknown[] } {
  let request = initial;
  let nextPhoto = 40;
  const bodies: unknown[] = [];
  const cart = (): CartView => ({
    id: 3,
    total: 1500,
    details: [
      {
        id: 5,
        cartId: 3,
        professionalId: ana.id,
        days: ['lunes'],
        dates: ['2026-12-07'],
        quantity: 1,
        price: 1500,
        professional: ana,
        jobRequest: request,
        distanceKm: null,
        outsideArea: null,
      },
    ],
    place: null,
  });
  const stub = stubFetch({
    '/api/cart': () => ({ body: cart() }),
    '/api/cart/5/job-request': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { text: string; imageIds: number[] };
      bodies.push(body);
      if (body.text.includes('rechaza')) {
        return { status: 400, body: { message: 'La descripción del trabajo puede tener hasta 2000 caracteres', errors: [] } };
      }
      request = { text: body.text.trim(), images: body.imageIds.map(photo) };
      return { body: { ...cart().details[0], cart: cart() } };
    },
    '/api/job-requests/images': (_url, init) => {
      const files = (init?.body as FormData).getAll('images');
      return { status: 201, body: files.map(() => photo(nextPhoto++)) };
    },
  });
  return { ...stub, bodies: () => bodies };
}

/** The field as the cart panel shows it: fed by the server cart, so each save shows what the API kept. */
function CartLineRequest() {
  const line = useServerCart(true).data?.details[0];
  if (!line) return null;
  return <JobRequestField detailId={line.id} request={line.jobRequest} />;
}

const renderField = () => renderPage(<CartLineRequest />, { routePath: '*', path: '/home' });
const textArea = () => screen.findByTestId('job-request-text');

describe('JobRequestField', () => {
  afterEach(() => restoreFetch());

  it('asks a visitor to sign in first (a browser cart holds no request)', () => {
    renderPage(<JobRequestField detailId={undefined} request={undefined} />, { routePath: '*', path: '/home' });
    expect(screen.getByTestId('job-request-sign-in')).toHaveTextContent('Ingresá para contarle el trabajo al profesional y sumar fotos.');
    expect(screen.queryByTestId('job-request-text')).not.toBeInTheDocument();
  });

  it('asks for a description, then saves the text on leaving the field', async () => {
    const api = fakeApi();
    renderField();
    expect(await screen.findByText(JOB_REQUEST_MISSING)).toBeInTheDocument();
    await userEvent.type(await textArea(), 'Pierde la canilla');
    await userEvent.tab();
    expect(await screen.findByText(JOB_REQUEST_SAVED)).toBeInTheDocument();
    expect(api.bodies()).toEqual([{ text: 'Pierde la canilla', imageIds: [] }]);
    await waitFor(() => expect(screen.queryByText(JOB_REQUEST_MISSING)).not.toBeInTheDocument());
  });

  it('uploads photos and saves them with the text, shows them, and takes one out', async () => {
    const api = fakeApi({ text: 'Pierde la canilla', images: [] });
    renderField();
    await textArea();
    const files = [new File(['a'], 'canilla.png', { type: 'image/png' }), new File(['b'], 'pileta.png', { type: 'image/png' })];
    await userEvent.upload(screen.getByTestId('job-request-file'), files);
    await waitFor(() => expect(screen.getAllByTestId('job-request-photo')).toHaveLength(2));
    expect(api.callsTo('/api/job-requests/images')).toHaveLength(1);
    expect(api.bodies()).toEqual([{ text: 'Pierde la canilla', imageIds: [40, 41] }]);
    expect(screen.getByTestId('job-request-add-photos')).toHaveTextContent('Agregar fotos (2/5)');
    await userEvent.click(screen.getByRole('button', { name: 'Quitar la foto 1' }));
    await waitFor(() => expect(screen.getAllByTestId('job-request-photo')).toHaveLength(1));
    expect(api.bodies().at(-1)).toEqual({ text: 'Pierde la canilla', imageIds: [41] });
  });

  it('refuses a sixth photo without uploading it, and disables adding at five', async () => {
    const api = fakeApi({ text: 'Humedad', images: [photo(1), photo(2), photo(3), photo(4)] });
    renderField();
    await textArea();
    await userEvent.upload(screen.getByTestId('job-request-file'), [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.png', { type: 'image/png' }),
    ]);
    expect(await screen.findByText(TOO_MANY_PHOTOS)).toBeInTheDocument();
    expect(api.callsTo('/api/job-requests/images')).toHaveLength(0);
    await userEvent.upload(screen.getByTestId('job-request-file'), new File(['c'], 'c.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getAllByTestId('job-request-photo')).toHaveLength(5));
    expect(screen.getByTestId('job-request-add-photos')).toBeDisabled();
  });

  it("shows the API's refusal in Spanish and keeps what the client wrote", async () => {
    fakeApi();
    renderField();
    const field = await textArea();
    await userEvent.type(field, 'Texto que el servidor rechaza');
    await userEvent.click(screen.getByTestId('job-request-save'));
    expect(await screen.findByText('La descripción del trabajo puede tener hasta 2000 caracteres')).toBeInTheDocument();
    expect(field).toHaveValue('Texto que el servidor rechaza');
  });
});
