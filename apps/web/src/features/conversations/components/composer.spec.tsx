import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPLOAD_NOT_AN_IMAGE, UPLOAD_TOO_BIG } from '../../../shared/lib/image-files';
import { renderPage } from '../../../testing/render';
import type { NewMessage } from '../api/conversation-actions';
import { Composer, TOO_MANY_IMAGES } from './composer';

jest.setTimeout(20_000);

function renderComposer(onSend: (message: NewMessage) => Promise<unknown> = () => Promise.resolve()) {
  const send = jest.fn(onSend);
  renderPage(<Composer onSend={send} sending={false} />, { routePath: 'mensajes/:id', path: '/mensajes/1' });
  return { send, input: screen.getByPlaceholderText('Escribe un mensaje') as HTMLTextAreaElement };
}

const image = (name: string, type = 'image/png', size = 1000) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('Composer', () => {
  it('sends with Enter (trimmed) and empties itself', async () => {
    const { send, input } = renderComposer();
    await userEvent.type(input, '  ¿Puede venir el lunes?  {Enter}');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ text: '¿Puede venir el lunes?', images: [] });
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('starts a new line with Shift+Enter without sending, then sends both lines', async () => {
    const { send, input } = renderComposer();
    await userEvent.type(input, 'Hola{Shift>}{Enter}{/Shift}¿Puede venir?');
    expect(send).not.toHaveBeenCalled();
    expect(input).toHaveValue('Hola\n¿Puede venir?');
    await userEvent.click(screen.getByRole('button', { name: /Enviar/ }));
    expect(send).toHaveBeenCalledWith({ text: 'Hola\n¿Puede venir?', images: [] });
  });

  it('sends nothing while empty, and keeps the text when sending fails', async () => {
    const { send, input } = renderComposer(() => Promise.reject(new Error('429')));
    await userEvent.type(input, '   {Enter}');
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Enviar/ })).toBeDisabled();
    await userEvent.type(input, 'Hola{Enter}');
    expect(send).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(send.mock.results[0]?.value).rejects.toThrow('429'));
    expect(input).toHaveValue('   Hola');
  });

  it('attaches up to 5 images, refuses other files with the upload messages, and may send only images', async () => {
    const { send } = renderComposer();
    const files = screen.getByTestId('composer-file-input');
    fireEvent.change(files, { target: { files: [image('a.png'), image('b.pdf', 'application/pdf'), image('c.jpg', 'image/jpeg')] } });
    expect(screen.getByRole('alert')).toHaveTextContent(UPLOAD_NOT_AN_IMAGE);
    expect(screen.getAllByTestId('composer-attachment')).toHaveLength(2);

    fireEvent.change(files, { target: { files: [image('grande.png', 'image/png', 3 * 1024 * 1024)] } });
    expect(screen.getByRole('alert')).toHaveTextContent(UPLOAD_TOO_BIG);

    fireEvent.change(files, { target: { files: ['d', 'e', 'f', 'g'].map((name) => image(`${name}.webp`, 'image/webp')) } });
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_MANY_IMAGES);
    expect(screen.getAllByTestId('composer-attachment')).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: /Enviar/ }));
    expect(send).toHaveBeenCalledTimes(1);
    const sent = send.mock.calls[0]![0];
    expect(sent.text).toBe('');
    expect(sent.images.map((file) => file.name)).toEqual(['a.png', 'c.jpg', 'd.webp', 'e.webp', 'f.webp']);
    await waitFor(() => expect(screen.queryAllByTestId('composer-attachment')).toHaveLength(0));
  });
});
