import { render } from '@testing-library/react';
import { Typography as AntTypography, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { THEME } from './theme';
import { Typography } from './typography';

/** What each renders, under the app's theme (its CSS variable class included). */
function renderedOf(element: ReactElement): HTMLElement {
  const { container, unmount } = render(<ConfigProvider theme={THEME}>{element}</ConfigProvider>);
  const node = container.cloneNode(true) as HTMLElement;
  unmount();
  return node;
}

/** The same elements, attributes (in any order) and text. */
function expectSameMarkup(ours: ReactElement, antd: ReactElement): string {
  const [mine, theirs] = [renderedOf(ours), renderedOf(antd)];
  if (!mine.isEqualNode(theirs)) expect(mine.innerHTML).toBe(theirs.innerHTML);
  return mine.innerHTML;
}

const EVERY_DECORATION = { strong: true, underline: true, delete: true, code: true, mark: true, keyboard: true, italic: true };

describe('Typography (antd markup without the ellipsis machinery)', () => {
  it.each([
    ['a plain text', {}],
    ['a secondary text', { type: 'secondary' as const }],
    [
      'a strong danger text with a class, a style, a test id and a label',
      {
        type: 'danger' as const,
        strong: true,
        className: 'own',
        style: { margin: 0 },
        'data-testid': 'x',
        'aria-label': 'etiqueta',
      },
    ],
    ['a disabled text', { disabled: true }],
    ['every decoration', EVERY_DECORATION],
  ])('Text renders as antd renders %s', (_name, props) => {
    expectSameMarkup(<Typography.Text {...props}>Hola</Typography.Text>, <AntTypography.Text {...props}>Hola</AntTypography.Text>);
  });

  it('Paragraph renders as antd renders it, children of every kind included', () => {
    const children = ['Uno ', <b key="b">dos</b>, null, false, 3];
    for (const props of [{}, { type: 'success' as const, italic: true, id: 'p' }]) {
      expectSameMarkup(
        <Typography.Paragraph {...props}>{children}</Typography.Paragraph>,
        <AntTypography.Paragraph {...props}>{children}</AntTypography.Paragraph>,
      );
    }
  });

  it('Title renders the heading of its level as antd does (h1 by default)', () => {
    for (const level of [undefined, 1, 2, 3, 4, 5] as const) {
      const html = expectSameMarkup(
        <Typography.Title level={level} id="t" style={{ marginTop: 0 }}>
          Profesionales
        </Typography.Title>,
        <AntTypography.Title level={level} id="t" style={{ marginTop: 0 }}>
          Profesionales
        </AntTypography.Title>,
      );
      expect(html).toContain(`<h${level ?? 1} `);
    }
  });

  it('leaves ellipsis, copying and editing to antd (their controls and measuring)', () => {
    const copyable = expectSameMarkup(
      <Typography.Text copyable>Copiame</Typography.Text>,
      <AntTypography.Text copyable>Copiame</AntTypography.Text>,
    );
    expect(copyable).toContain('ant-typography-copy');
    const ellipsis = expectSameMarkup(
      <Typography.Text ellipsis>Un texto largo</Typography.Text>,
      <AntTypography.Text ellipsis>Un texto largo</AntTypography.Text>,
    );
    expect(ellipsis).toContain('ant-typography-ellipsis');
  });
});
