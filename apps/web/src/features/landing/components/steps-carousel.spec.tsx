import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StepsCarousel, type CarouselStep } from './steps-carousel';

const STEPS: CarouselStep[] = [
  { icon: null, title: 'Regístrate', text: 'Crea tu cuenta' },
  { icon: null, title: 'Elige', text: 'Busca un profesional' },
  { icon: null, title: 'Paga', text: 'Con MercadoPago' },
];

describe('StepsCarousel', () => {
  it('is a labelled carousel of numbered steps that starts on the first, with no way back from it', () => {
    render(<StepsCarousel label="Pasos para clientes" steps={STEPS} background="#000" />);
    const carousel = screen.getByRole('region', { name: 'Pasos para clientes' });
    const slides = within(carousel).getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 de 3', '2 de 3', '3 de 3']);
    expect(within(slides[1]).getByRole('heading', { level: 3 })).toHaveTextContent('2. Elige');
    expect(screen.getByRole('button', { name: 'Ir al paso 1' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: 'Paso anterior' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Paso siguiente' })).toBeEnabled();
  });

  it('moves one step at a time with the arrows and straight to a step with its dot, never past the ends', async () => {
    const user = userEvent.setup();
    render(<StepsCarousel label="Pasos" steps={STEPS} background="#000" />);
    const current = () => screen.getAllByRole('button', { name: /^Ir al paso/ }).findIndex((dot) => dot.hasAttribute('aria-current'));

    await user.click(screen.getByRole('button', { name: 'Paso siguiente' }));
    expect(current()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Ir al paso 3' }));
    expect(current()).toBe(2);
    expect(screen.getByRole('button', { name: 'Paso siguiente' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Paso anterior' }));
    expect(current()).toBe(1);
  });
});
