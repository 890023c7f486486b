import { renderHook } from '@testing-library/react';
import { useStableCallback } from './use-stable-callback';

describe('useStableCallback', () => {
  it('keeps one identity across renders and always calls the latest callback', () => {
    const { result, rerender } = renderHook(({ factor }) => useStableCallback((value: number) => value * factor), {
      initialProps: { factor: 2 },
    });
    const first = result.current;
    expect(first(5)).toBe(10);
    rerender({ factor: 3 });
    expect(result.current).toBe(first);
    expect(first(5)).toBe(15);
  });
});
