import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND, THEME } from './theme';

/** WCAG 2 relative luminance of an opaque #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** `rgba(0, 0, 0, a)` over an opaque background, as #rrggbb. */
function over(colour: string, background: string): string {
  const rgba = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(colour);
  if (!rgba) return colour;
  const alpha = Number(rgba[4]);
  return `#${[1, 2, 3]
    .map((i) => Math.round(Number(rgba[i]) * alpha + parseInt(background.slice(2 * i - 1, 2 * i + 1), 16) * (1 - alpha)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

function contrast(colour: string, background: string): number {
  const [a, b] = [luminance(over(colour, background)), luminance(background)].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

const WHITE = '#ffffff';
const PAGE = '#f5f5f5';

describe('the theme (WCAG 2 AA contrast)', () => {
  it.each([
    ['primary', BRAND.primary],
    ['primary hover', BRAND.primaryHover],
    ['muted', BRAND.mutedText],
    ['success', BRAND.successText],
    ['warning', BRAND.warningText],
    ['error', THEME.token!.colorError!],
  ])('%s text reads at 4.5:1 or more on white and on the page', (_name, colour) => {
    expect(contrast(colour, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour, PAGE)).toBeGreaterThanOrEqual(4.5);
  });

  it('status text reads on its own light background (status tags)', () => {
    const token = THEME.token!;
    expect(contrast(token.colorSuccess!, token.colorSuccessBg!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorWarning!, token.colorWarningBg!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorInfo!, token.colorInfoBg!)).toBeGreaterThanOrEqual(4.5);
  });

  it('white text reads on the primary colour (buttons) and on the neutral badge', () => {
    expect(contrast(WHITE, BRAND.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(WHITE, BRAND.primaryHover)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(WHITE, BRAND.neutralBadge)).toBeGreaterThanOrEqual(4.5);
  });

  it("each coloured tag's text reads on its light background (antd's shade 1 of that colour)", () => {
    const lightBackgrounds: Record<string, string> = {
      green7: '#f6ffed',
      gold7: '#fffbe6',
      orange7: '#fff7e6',
      cyan7: '#e6fffb',
      volcano7: '#fff2e8',
      lime7: '#fcffe6',
    };
    const tag = THEME.components!.Tag as Record<string, string>;
    for (const [token, background] of Object.entries(lightBackgrounds))
      expect(contrast(tag[token]!, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('global.css repeats the brand colours the plain-CSS rules use', () => {
    const css = readFileSync(join(__dirname, '../../app/global.css'), 'utf8');
    expect(css).toContain(`--oficios-primary: ${BRAND.primary};`);
    expect(css).toContain(`--oficios-primary-hover: ${BRAND.primaryHover};`);
    expect(css).toContain(`--oficios-muted-text: ${BRAND.mutedText};`);
  });
});
