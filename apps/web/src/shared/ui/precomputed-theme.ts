import { theme as antdTheme, type ThemeConfig } from 'antd';

type Derivative = typeof antdTheme.defaultAlgorithm;
type MapToken = ReturnType<Derivative>;

/** antd's map tokens for one seed, derived ahead of time (by the build: apps/web/vite.config.ts). */
export interface PrecomputedMapToken {
  /** The seed, as seedOf writes it. */
  seed: string;
  map: MapToken;
}

/** The seed antd derives a top-level ConfigProvider's tokens from: its default seed under the theme's tokens. */
export const seedOf = (config: ThemeConfig): string => JSON.stringify({ ...antdTheme.defaultSeed, ...config.token });

/** What antd's default algorithm derives from `config`'s seed: the colour palettes, sizes, radii... (for the build). */
export function precomputeMapToken(config: ThemeConfig): PrecomputedMapToken {
  const seed = seedOf(config);
  return { seed, map: antdTheme.defaultAlgorithm(JSON.parse(seed)) };
}

/**
 * `config` with an algorithm that answers the precomputed map tokens for their seed instead of deriving them again
 * (antd's default algorithm otherwise, for any other seed: a nested theme, the still theme). Deriving them is the
 * longest step of the app's first render, which every page pays before showing anything of the app. The same function
 * for every render of one theme (antd keys its cache by the algorithm).
 */
export function withPrecomputedMapToken(
  config: ThemeConfig,
  precomputed: PrecomputedMapToken | null,
  derive: Derivative = antdTheme.defaultAlgorithm,
): ThemeConfig {
  if (!precomputed || config.algorithm) return config;
  const algorithm: Derivative = (seed) => (JSON.stringify(seed) === precomputed.seed ? precomputed.map : derive(seed));
  return { ...config, algorithm };
}
