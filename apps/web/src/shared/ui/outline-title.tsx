import { theme } from 'antd';
import type { ComponentProps } from 'react';
import { Typography } from './typography';

type Level = 1 | 2 | 3 | 4 | 5;

/**
 * A title at its place in the page's outline (`level`, one below the heading it belongs to: screen readers navigate by
 * heading levels and a skipped level reads as missing content) drawn at the size of another (`looks`), from the theme.
 */
export function OutlineTitle({ looks, style, ...props }: ComponentProps<typeof Typography.Title> & { level: Level; looks: Level }) {
  const { token } = theme.useToken();
  const size = {
    1: [token.fontSizeHeading1, token.lineHeightHeading1],
    2: [token.fontSizeHeading2, token.lineHeightHeading2],
    3: [token.fontSizeHeading3, token.lineHeightHeading3],
    4: [token.fontSizeHeading4, token.lineHeightHeading4],
    5: [token.fontSizeHeading5, token.lineHeightHeading5],
  }[looks];
  return <Typography.Title {...props} style={{ fontSize: size[0], lineHeight: size[1], ...style }} />;
}
