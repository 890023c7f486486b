import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fakeReducedMotion } from '../../testing/reduced-motion';
import { AppProviders } from './app-providers';

/** What antd's components read from the theme: whether they animate, and how long. */
function AntdMotion() {
  const { token } = theme.useToken();
  return <span data-testid="antd-motion">{`${token.motion} ${token.motionDurationMid}`}</span>;
}

describe('AppProviders', () => {
  it("turns antd's animations off for people who asked for less motion, and only for them", () => {
    const media = fakeReducedMotion(true);
    try {
      render(
        <AppProviders>
          <AntdMotion />
        </AppProviders>,
      );
      expect(screen.getByTestId('antd-motion')).toHaveTextContent('false 0s');
      media.change(false);
      expect(screen.getByTestId('antd-motion')).toHaveTextContent('true 0.2s');
    } finally {
      media.restore();
    }
  });

  it('hydrates a page rendered ahead of time (without the setting) with the still theme at once, keeping its elements', async () => {
    const motionSeen: boolean[] = [];
    function ReadsMotion() {
      motionSeen.push(theme.useToken().token.motion);
      return null;
    }
    const page = (
      <AppProviders>
        <h1>la página</h1>
        <ReadsMotion />
      </AppProviders>
    );
    const media = fakeReducedMotion(false);
    const container = document.createElement('div');
    try {
      document.body.append(container);
      // The build renders it with motion: it cannot know the visitor's setting.
      container.innerHTML = renderToString(page);
      const heading = container.querySelector('h1');

      media.change(true);
      const redrawn: unknown[] = [];
      let root!: Root;
      await act(async () => {
        root = hydrateRoot(container, page, { onRecoverableError: (error) => redrawn.push(error) });
      });
      expect(motionSeen.at(-1)).toBe(false);
      // Taken over, not mounted anew under a motion provider the first render did not have.
      expect(screen.getByRole('heading', { name: 'la página' })).toBe(heading);
      expect(redrawn).toEqual([]);
      act(() => root.unmount());
    } finally {
      media.restore();
      container.remove();
    }
  });
});
