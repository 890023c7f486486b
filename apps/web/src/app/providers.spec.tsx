import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { fakeReducedMotion } from '../testing/reduced-motion';
import { AppProviders } from './providers';

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
});
