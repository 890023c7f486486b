import { render } from '@testing-library/react';
import { Button, Select } from 'antd';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { extractAntdStyle } from '../../build/antd-static-style';
import { AppProviders } from '../shared/ui/app-providers';
import { ANTD_COMPONENTS_STYLED, BRAND } from '../shared/ui/theme';

/** Every source file of the app (tests left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The values the app imports from 'antd' (types left out). */
function antdImports(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(join(__dirname, '..'))) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g))
      for (const item of list!.split(',').map((part) => part.trim()))
        if (item && !item.startsWith('type ')) names.add(item.split(/\s+as\s+/)[0]!);
  }
  return names;
}

/** Whether the CSS has a rule for exactly this selector (not the `.css-var-oficios.ant-btn{…}` holding its variables). */
const hasRule = (css: string, selector: string) => new RegExp(`(^|[}\\s,])${selector.replace(/[.]/g, '\\.')}\\{`).test(css);

/** Not components with styles of their own: the provider, the theme helpers, Grid's hooks (Row and Col style the grid). */
const NOT_STYLED = new Set(['ConfigProvider', 'theme', 'Grid']);

describe("antd's styles made at build time (no style generation while rendering)", () => {
  it('covers every antd component the app imports (a new one would otherwise show unstyled)', () => {
    const imported = [...antdImports()].filter((name) => !NOT_STYLED.has(name));
    expect(imported.length).toBeGreaterThan(20);
    expect(imported.filter((name) => !(ANTD_COMPONENTS_STYLED as readonly string[]).includes(name))).toEqual([]);
  });

  it('holds the components, their popups and the theme, with the selectors the app renders', async () => {
    const css = await extractAntdStyle();
    for (const selector of [
      '.ant-btn',
      '.ant-select-dropdown',
      '.ant-picker-dropdown',
      '.ant-modal',
      '.ant-drawer',
      '.ant-table',
      '.ant-message',
    ])
      expect(hasRule(css, selector)).toBe(true);
    // One CSS variable scope, the theme's; no hash classes (THEME.hashed is false).
    expect(css).toContain('.css-var-oficios');
    expect(css).toContain(`--ant-color-primary:${BRAND.primary}`);
    expect(css).not.toMatch(/:where\(\.css-(?!var)/);
  });

  it('the app renders antd components without making their styles', () => {
    render(
      <AppProviders>
        <Button type="primary">Reservar</Button>
        <Select open options={[{ value: 1, label: 'Plomero' }]} />
      </AppProviders>,
    );
    const injected = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
    expect(document.querySelector('.ant-btn')).not.toBeNull();
    // The component rules are absent; the theme still arrives, as CSS variables.
    expect(hasRule(injected, '.ant-btn')).toBe(false);
    expect(hasRule(injected, '.ant-select-dropdown')).toBe(false);
    expect(injected).toContain(`--ant-color-primary:${BRAND.primary}`);
  });
});
