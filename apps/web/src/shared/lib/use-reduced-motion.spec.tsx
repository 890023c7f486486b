import { render, screen } from '@testing-library/react';
import { fakeReducedMotion } from '../../testing/reduced-motion';
import { usePrefersReducedMotion } from './use-reduced-motion';

function Reads() {
  return <span data-testid="reduced">{String(usePrefersReducedMotion())}</span>;
}

describe('prefers-reduced-motion', () => {
  it('reads the setting and follows its changes while the page is open, and stops listening after', () => {
    const media = fakeReducedMotion(false);
    try {
      const { unmount } = render(<Reads />);
      expect(screen.getByTestId('reduced')).toHaveTextContent('false');
      media.change(true);
      expect(screen.getByTestId('reduced')).toHaveTextContent('true');
      unmount();
      expect(media.listeners.size).toBe(0);
    } finally {
      media.restore();
    }
  });
});
