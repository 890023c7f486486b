import type { Profession } from '@oficios/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { professionsQueryOptions } from '../../../shared/api/get-professions';
import { restoreFetch, stubFetch, type FakeResponseInit } from '../../../testing/fetch-stub';
import { PROFESSIONS } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render';
import { STATISTICS_QUERY_KEY } from '../api/get-statistics';
import { bodiesOf, SLOW } from '../../../testing/admin-test-utils';
import { ProfessionsTool } from './professions-tool';

jest.setTimeout(30_000);

interface Answers {
  list?: FakeResponseInit;
  create?: FakeResponseInit;
  remove?: FakeResponseInit;
}

/** The professions endpoints over a stored list; `answers` replace an endpoint's answer. */
function setup(answers: Answers = {}) {
  let stored: Profession[] = [...PROFESSIONS];
  const fetch = stubFetch({
    '/home/professions': (_url, init) => {
      if (init?.method === 'POST') {
        if (answers.create) return answers.create;
        const { name } = JSON.parse(String(init.body)) as { name: string };
        const created = { id: 40, name };
        stored = [...stored, created];
        return { status: 201, body: created };
      }
      return answers.list ?? { body: stored };
    },
    '/home/professions/*': (url) => {
      if (answers.remove) return answers.remove;
      const id = Number(url.pathname.split('/').pop());
      const removed = stored.find((p) => p.id === id)!;
      stored = stored.filter((p) => p.id !== id);
      return { body: removed };
    },
  });
  return { fetch, ...renderPage(<ProfessionsTool />, { routePath: 'admin', path: '/admin' }) };
}

const badges = () => screen.queryAllByTestId('profession-badge').map((badge) => badge.textContent);
const input = () => screen.getByPlaceholderText('Nueva profesion...');
const createButton = () => screen.getByText('Crear').closest('button')!;
const badge = (name: string) => screen.getAllByTestId('profession-badge').find((b) => b.getAttribute('data-name') === name)!;

async function confirmDelete(name: string) {
  fireEvent.click(badge(name));
  const popover = (
    await screen.findByText(`¿Borrar la profesion ${name.charAt(0).toUpperCase()}${name.slice(1)}?`, {}, SLOW)
  ).closest<HTMLElement>('.ant-popover')!;
  await userEvent.click(within(popover).getByRole('button', { name: 'Borrar' }));
}

describe('Crear Profesiones', () => {
  afterEach(restoreFetch);

  it('shows the existing professions capitalised and creates one with {name, id}', async () => {
    const { fetch, queryClient } = setup();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    expect(screen.getByRole('heading', { name: 'Crea una nueva profesion' })).toBeInTheDocument();
    await waitFor(() => expect(badges()).toEqual(['Plomero', 'Gasista', 'Electricista', 'Técnico PC', 'Aire acondicionado']), SLOW);

    // An empty name does nothing.
    expect(createButton()).toBeDisabled();
    fireEvent.change(input(), { target: { value: '   ' } });
    expect(createButton()).toBeDisabled();
    fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(bodiesOf(fetch, 'POST', '/home/professions')).toEqual([]);

    fireEvent.change(input(), { target: { value: '  pintor ' } });
    await userEvent.click(createButton());
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/home/professions')).toEqual([{ name: 'pintor', id: 6 }]));
    expect(await screen.findByText('Profesion Pintor creada', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(badges()).toContain('Pintor'), SLOW);
    expect(input()).toHaveValue('');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: professionsQueryOptions().queryKey });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: STATISTICS_QUERY_KEY });
  });

  it('refuses a name that already exists, locally or from the server (409)', async () => {
    const { fetch } = setup({ create: { status: 409, body: { statusCode: 409, message: 'La profesion Pintor ya existe' } } });
    await waitFor(() => expect(badges()).toHaveLength(5), SLOW);

    fireEvent.change(input(), { target: { value: 'PLOMERO' } });
    await userEvent.click(createButton());
    expect(await screen.findByTestId('professions-feedback', {}, SLOW)).toHaveTextContent('La profesion plomero ya existe');
    expect(bodiesOf(fetch, 'POST', '/home/professions')).toEqual([]);

    fireEvent.change(input(), { target: { value: 'Pintor' } });
    await userEvent.click(createButton());
    await waitFor(() => expect(screen.getByTestId('professions-feedback')).toHaveTextContent('La profesion Pintor ya existe'), SLOW);
    expect(bodiesOf(fetch, 'POST', '/home/professions')).toHaveLength(1);
    expect(input()).toHaveValue('Pintor');
  });

  it('deletes a profession after confirmation', async () => {
    const { fetch } = setup();
    await waitFor(() => expect(badges()).toHaveLength(5), SLOW);
    await confirmDelete('gasista');
    await waitFor(() => expect(fetch.mock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true));
    expect(fetch.mock.mock.calls.find(([, init]) => init?.method === 'DELETE')![0]).toBe('http://localhost:3001/home/professions/2');
    expect(await screen.findByText('Profesion Gasista borrada', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(badges()).not.toContain('Gasista'), SLOW);
  });

  it('shows the server message when the profession is still in use (409)', async () => {
    const message = 'La profesion plomero la tienen 3 profesionales: quitala de ellos antes de borrarla';
    setup({ remove: { status: 409, body: { statusCode: 409, error: 'Conflict', message } } });
    await waitFor(() => expect(badges()).toHaveLength(5), SLOW);
    await confirmDelete('plomero');
    expect(await screen.findByTestId('professions-feedback', {}, SLOW)).toHaveTextContent(message);
    expect(badges()).toContain('Plomero');
  });

  it('says "Error, no se encuentran las profesiones..." when they cannot be loaded', async () => {
    setup({ list: { status: 500, body: { statusCode: 500, message: 'boom' } } });
    expect(await screen.findByText('Error, no se encuentran las profesiones...', {}, SLOW)).toBeInTheDocument();
    expect(badges()).toEqual([]);
  });
});
