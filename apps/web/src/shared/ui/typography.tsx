import { Typography as AntTypography, ConfigProvider } from 'antd';
import { useContext, type ComponentProps, type ReactNode } from 'react';

type TextProps = ComponentProps<typeof AntTypography.Text>;
type ParagraphProps = ComponentProps<typeof AntTypography.Paragraph>;
type TitleProps = ComponentProps<typeof AntTypography.Title>;
type AnyProps = TextProps | ParagraphProps | TitleProps;

/**
 * What only antd's own Typography does: these props take the full component (`ellipsis` measures the text with hidden
 * copies and observes its size, `copyable` and `editable` add controls).
 */
const FULL_ONLY = ['ellipsis', 'copyable', 'editable', 'actions', 'classNames', 'styles', 'prefixCls'] as const;

/** antd's decorations in antd's order, each wrapping what came before (strong innermost, italic outermost). */
const DECORATIONS = [
  ['strong', 'strong'],
  ['underline', 'u'],
  ['delete', 'del'],
  ['code', 'code'],
  ['mark', 'mark'],
  ['keyboard', 'kbd'],
  ['italic', 'i'],
] as const;

const needsFull = (props: AnyProps) =>
  FULL_ONLY.some((name) => {
    const value = (props as Record<string, unknown>)[name];
    return value !== undefined && value !== false;
  });

/**
 * The same element, classes and decorations as antd's Typography.Text/Paragraph/Title, through antd's plain
 * `Typography` (its root: the prefix, the direction, the theme's class). antd's Text, Paragraph and Title always mount
 * their ellipsis machinery (a size observer, a tooltip wrapper, a measuring component and a dozen hooks) even with no
 * ellipsis asked for, and the listing and the detail render dozens of them. Any prop of that machinery (FULL_ONLY) renders antd's own component.
 */
function PlainTypography({ component, props }: { component: 'span' | 'div' | `h${1 | 2 | 3 | 4 | 5}`; props: AnyProps }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('typography');
  const { type, disabled, className, children, ...rest } = props as TextProps;
  const attributes: Record<string, unknown> = { ...rest };
  let content: ReactNode = children;
  for (const [prop, Tag] of DECORATIONS) {
    if (attributes[prop]) content = <Tag>{content}</Tag>;
    delete attributes[prop];
  }
  const classes = [type && `${prefix}-${type}`, disabled && `${prefix}-disabled`, className].filter(Boolean).join(' ');
  return (
    <AntTypography component={component} className={classes || undefined} {...attributes}>
      {content}
    </AntTypography>
  );
}

function Text(props: TextProps) {
  return needsFull(props) ? <AntTypography.Text {...props} /> : <PlainTypography component="span" props={props} />;
}

function Paragraph(props: ParagraphProps) {
  return needsFull(props) ? <AntTypography.Paragraph {...props} /> : <PlainTypography component="div" props={props} />;
}

function Title(props: TitleProps) {
  if (needsFull(props)) return <AntTypography.Title {...props} />;
  const { level = 1, ...rest } = props;
  // As antd: a level it does not know is an h1.
  const heading = ([1, 2, 3, 4, 5] as const).includes(level) ? (`h${level}` as const) : 'h1';
  return <PlainTypography component={heading} props={rest} />;
}

/** Use as antd's `Typography` (Text, Paragraph, Title): the same markup, without the ellipsis machinery unless asked. */
export const Typography = { Text, Paragraph, Title };
