import type { Plugin } from 'vite';
import { ANTD_COMPONENTS_STYLED, THEME } from '../src/shared/ui/theme';

/** The stylesheet's import, in src/main.tsx. */
export const ANTD_STYLE_MODULE = 'virtual:antd-style.css';
// Ends in `.css`, so Vite's CSS pipeline takes it (bundled, hashed and minified as the app's own CSS).
const RESOLVED_ID = `\0${ANTD_STYLE_MODULE}`;

/**
 * antd's component styles as one static stylesheet, made at build time with the product's theme. The app runs antd
 * with `zeroRuntime` (see THEME), so components do not compute, hash and inject their CSS while the page first
 * renders. The theme's tokens still reach the components at run time, as the CSS variables the stylesheet reads.
 */
export function antdStaticStyle(): Plugin {
  let stylesheet: Promise<string> | undefined;
  return {
    name: 'oficios:antd-static-style',
    resolveId: (id) => (id === ANTD_STYLE_MODULE ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      stylesheet ??= extractAntdStyle();
      return stylesheet;
    },
  };
}

/** What each component of ANTD_COMPONENTS_STYLED registers when rendered (popups and panels too), under THEME. */
export async function extractAntdStyle(): Promise<string> {
  const [{ extractStyle }, { ConfigProvider }, { createElement }] = await Promise.all([
    import('@ant-design/static-style-extract'),
    import('antd'),
    import('react'),
  ]);
  // The same theme, with the style generation on: the hashes and CSS variable scope match what the app renders.
  const theme = { ...THEME, zeroRuntime: false };
  // Rendering every component warns of the deprecated ones it renders too (Input.Group, List): not the app's use.
  const warn = console.error;
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('Warning: [antd:')) warn(...args);
  };
  try {
    return extractStyle({
      includes: [...ANTD_COMPONENTS_STYLED],
      customTheme: (node) => createElement(ConfigProvider, { theme }, node),
    });
  } finally {
    console.error = warn;
  }
}
