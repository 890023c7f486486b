import { render } from '@testing-library/react';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { precomputeMapToken, withPrecomputedMapToken } from './precomputed-theme';
import { THEME } from './theme';

/** The tokens antd hands the components under `config` (and, nested, under `inner`). */
function tokensUnder(config: ThemeConfig, inner?: ThemeConfig): Record<string, unknown> {
  let seen: Record<string, unknown> = {};
  function Probe() {
    const { token } = antdTheme.useToken();
    seen = { ...token };
    return null;
  }
  render(
    <ConfigProvider theme={config}>
      {inner ? (
        <ConfigProvider theme={inner}>
          <Probe />
        </ConfigProvider>
      ) : (
        <Probe />
      )}
    </ConfigProvider>,
  );
  // antd's cache key names the theme's algorithm: not a token a component reads.
  delete seen._tokenKey;
  delete seen._hashId;
  return seen;
}

describe('the theme with its map tokens derived ahead of time', () => {
  it('gives the components the very tokens antd derives, without deriving them', () => {
    const derive = jest.fn(antdTheme.defaultAlgorithm);
    const precomputed = withPrecomputedMapToken(THEME, precomputeMapToken(THEME), derive);

    expect(tokensUnder(precomputed)).toEqual(tokensUnder(THEME));
    expect(derive).not.toHaveBeenCalled();
  });

  it('derives them as antd does for any other seed: a nested theme with tokens of its own', () => {
    const derive = jest.fn(antdTheme.defaultAlgorithm);
    const precomputed = withPrecomputedMapToken(THEME, precomputeMapToken(THEME), derive);
    const nested: ThemeConfig = { token: { colorPrimary: '#722ed1', borderRadius: 2 } };

    const tokens = tokensUnder(precomputed, nested);
    expect(derive).toHaveBeenCalled();
    expect(tokens).toEqual(tokensUnder(THEME, nested));
    expect(tokens.colorPrimary).toBe('#722ed1');
  });

  it('leaves a theme as it is when nothing was derived ahead (tests, a build without it) or it has an algorithm', () => {
    expect(withPrecomputedMapToken(THEME, null)).toBe(THEME);
    const dark = { ...THEME, algorithm: antdTheme.darkAlgorithm };
    expect(withPrecomputedMapToken(dark, precomputeMapToken(THEME))).toBe(dark);
  });
});
