import type { ThemeConfig } from 'antd';

/*
 * The product's colours, chosen for WCAG 2 AA contrast (4.5:1 for text) on white and on the page's #f5f5f5:
 * antd's defaults fall short there (primary #1677ff: 4.1 on white, 3.8 on the page; the tertiary and
 * description text at 45 % black: 3.4; placeholders at 25 %: 1.8). Fixed once here, as tokens, so every component
 * follows; app/global.css repeats the brand colours as CSS variables for the few plain-CSS rules (the spec beside this
 * file keeps both equal).
 */
export const BRAND = {
  /** antd's blue 7: 6.2:1 on white, 5.6:1 on the page, and white text on it 6.2:1. */
  primary: '#0958d9',
  /** antd's blue 8, for hover. */
  primaryHover: '#003eb3',
  /** antd's blue 9, pressed. */
  primaryActive: '#002c8c',
  /** Secondary text (descriptions, labels, placeholders, footers): 60 % black, 5.7:1 on white and 5.3:1 on the page. */
  mutedText: 'rgba(0, 0, 0, 0.6)',
  /** Success text: antd's green 8 (5.9:1 on white, 5.5:1 on its light green). */
  successText: '#237804',
  /** Warning text: antd's gold 9 (7:1 on white, 6.5:1 on its light gold). */
  warningText: '#874d00',
  /** A badge counting nothing: dark grey, so its white "0" stays legible (7:1). */
  neutralBadge: '#595959',
} as const;

/**
 * The antd components the app renders (each with what it renders inside: a Table's pagination, a Select's dropdown):
 * their styles are made once at build time (apps/web/build/antd-static-style.ts), since THEME turns antd's run-time
 * styles off. A component missing here would show unstyled: the spec beside this file checks every import of antd.
 */
export const ANTD_COMPONENTS_STYLED = [
  'Alert',
  'Avatar',
  'Badge',
  'Button',
  'Calendar',
  'Card',
  'Checkbox',
  'Col',
  'Collapse',
  'DatePicker',
  'Descriptions',
  'Divider',
  'Drawer',
  'Dropdown',
  'Empty',
  'Flex',
  'Form',
  'Image',
  'Input',
  'InputNumber',
  'List',
  'Menu',
  'Modal',
  'Pagination',
  'Popconfirm',
  'Popover',
  'Progress',
  'Radio',
  'Rate',
  'Result',
  'Row',
  'Select',
  'Skeleton',
  'Space',
  'Spin',
  'Statistic',
  'Table',
  'Tag',
  'Tooltip',
  'Typography',
  'Upload',
  'message',
  'notification',
] as const;

export const THEME: ThemeConfig = {
  // No styles computed, hashed and injected while rendering (a third of the listing's first render): they come from
  // the stylesheet made at build time, whose selectors need these two fixed (no hash class, one CSS variable scope).
  zeroRuntime: true,
  hashed: false,
  cssVar: { key: 'css-var-oficios' },
  token: {
    colorPrimary: BRAND.primary,
    // Hovered and pressed stay as dark (antd would lighten the hover to 4.2:1).
    colorPrimaryHover: BRAND.primaryHover,
    colorPrimaryActive: BRAND.primaryActive,
    colorLink: BRAND.primary,
    colorLinkHover: BRAND.primaryHover,
    colorTextTertiary: BRAND.mutedText,
    colorTextDescription: BRAND.mutedText,
    colorTextPlaceholder: BRAND.mutedText,
    // antd's red 7 for errors and danger buttons: 5.6:1 on white (the default #ff4d4f: 3.3).
    colorError: '#cf1322',
    // Success, warning and info colours are also text (Typography type="success", status tags): green 8, gold 9 and
    // the primary blue (antd's defaults: 2.3, 1.8 and 4.1 on white).
    colorSuccess: BRAND.successText,
    colorWarning: BRAND.warningText,
    colorInfo: BRAND.primary,
    // ...on the light backgrounds antd derives from its own defaults (from these darker seeds it would derive greys).
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    borderRadius: 8,
  },
  components: {
    // A coloured tag's text is its colour's 7th shade on its 1st; green, gold, orange, cyan, volcano and lime fall
    // under 4.5:1 there, so they take a darker shade (8, or 9 for gold and lime).
    Tag: {
      green7: BRAND.successText,
      gold7: BRAND.warningText,
      orange7: '#ad4e00',
      cyan7: '#006d75',
      volcano7: '#ad2102',
      lime7: '#3f6600',
    },
    // Days of the neighbouring months are shown for orientation and are still read: legible, not disabled grey.
    Calendar: { colorTextDisabled: BRAND.mutedText },
    // A table with no rows says so in words ("No hay ordenes creada"): a message to read, not disabled grey (1.8:1).
    Table: { colorTextDisabled: BRAND.mutedText },
  },
};

/**
 * The theme for people who asked their system for less motion (`prefers-reduced-motion: reduce`): dialogs, drawers,
 * menus and messages appear and leave at once instead of zooming and sliding (WCAG 2.3.3).
 */
export const STILL_THEME: ThemeConfig = { ...THEME, token: { ...THEME.token, motion: false } };
