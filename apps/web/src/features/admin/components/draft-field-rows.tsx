import { CloseOutlined } from '@ant-design/icons';
import { FIELD_MAX_LENGTHS, formatMoney, pesosToCents } from '@oficios/domain';
import { Button, Flex, Form, Input, Select, Space, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { DayPriceInput } from '../../../shared/ui/business-fields';
import { EMPTY_SERVICE_AREA, ServiceAreaField, serviceAreaBodyOf, type ServiceAreaValue } from '../../localities';
import type { DraftField, ListField, TextField } from '../hooks/use-professional-draft';
import { Typography } from '../../../shared/ui/typography';

const pendingTag = (
  <Tag color="processing" data-testid="pending-mark">
    Sin guardar
  </Tag>
);

interface RowProps {
  label: string;
  changed: boolean;
  error?: string;
  children: ReactNode;
  field: DraftField;
}

/** One field of the editor: its label, the server's message for it, the pending mark. */
function Row({ label, changed, error, field, children }: RowProps) {
  return (
    <Form.Item
      label={
        <Space size="small">
          {label}
          {changed && pendingTag}
        </Space>
      }
      htmlFor={`admin-edit-${field}`}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span data-testid={`edit-error-${field}`}>{error}</span> : undefined}
      style={{ marginBottom: 16 }}
    >
      <div data-testid={`edit-row-${field}`} data-changed={changed}>
        {children}
      </div>
    </Form.Item>
  );
}

interface TextRowProps extends Omit<RowProps, 'children' | 'field'> {
  field: TextField;
  /** The pending value. */
  value: string;
  /** Digits only (the phone). */
  numeric?: boolean;
  onApply: (value: string) => void;
}

/** A text field: the pending value, an input and "Cambiar", which moves the input into the pending changes. */
export function TextRow({ field, value, numeric = false, onApply, ...row }: TextRowProps) {
  const [input, setInput] = useState('');
  const apply = () => {
    const next = input.trim();
    if (next === '') return;
    onApply(next);
    setInput('');
  };
  return (
    <Row field={field} {...row}>
      <Flex vertical gap={4}>
        <Typography.Text data-testid={`current-${field}`} type={value ? undefined : 'secondary'} ellipsis>
          {value || 'Sin dato'}
        </Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id={`admin-edit-${field}`}
            value={input}
            placeholder={value}
            inputMode={numeric ? 'numeric' : undefined}
            onChange={(event) => setInput(numeric ? event.target.value.replace(/\D/g, '') : event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              apply();
            }}
          />
          <Button onClick={apply} disabled={input.trim() === ''} data-testid={`apply-${field}`}>
            Cambiar
          </Button>
        </Space.Compact>
      </Flex>
    </Row>
  );
}

interface PriceRowProps extends Omit<RowProps, 'children' | 'field'> {
  /** The pending price, in pesos. */
  value: number;
  /** Answers whether the price was taken (the rule's message shows under the field otherwise). */
  onApply: (pesos: number) => boolean;
}

/** "Precio por dia": the pending price, a pesos input and "Cambiar". */
export function PriceRow({ value, onApply, ...row }: PriceRowProps) {
  const [input, setInput] = useState<number | null>(null);
  const apply = () => {
    if (input !== null && onApply(input)) setInput(null);
  };
  return (
    <Row field="dayPrice" {...row}>
      <Flex vertical gap={4}>
        <Typography.Text data-testid="current-dayPrice">{`${formatMoney(pesosToCents(value))} por día`}</Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <DayPriceInput id="admin-edit-dayPrice" value={input} onChange={setInput} />
          <Button onClick={apply} disabled={input === null} data-testid="apply-dayPrice">
            Cambiar
          </Button>
        </Space.Compact>
      </Flex>
    </Row>
  );
}

interface AboutRowProps extends Omit<RowProps, 'children' | 'field'> {
  /** The pending "Sobre mi". */
  value: string;
  /** Answers whether the text was taken (the rule's message shows under the field otherwise). */
  onApply: (text: string) => boolean;
}

/**
 * "Sobre mi": the text starts as the pending one, to be corrected rather than typed again; "Cambiar" takes it (an
 * emptied text takes the bio away).
 */
export function AboutRow({ value, onApply, ...row }: AboutRowProps) {
  const [input, setInput] = useState(value);
  const unchanged = input.trim() === value;
  return (
    <Row field="aboutMe" {...row}>
      <Flex vertical gap={4} align="stretch">
        <Input.TextArea
          id="admin-edit-aboutMe"
          value={input}
          rows={4}
          maxLength={FIELD_MAX_LENGTHS.aboutMe}
          showCount
          placeholder="Sin dato"
          onChange={(event) => setInput(event.target.value)}
        />
        <div>
          <Button onClick={() => onApply(input.trim())} disabled={unchanged} data-testid="apply-aboutMe">
            Cambiar
          </Button>
        </div>
      </Flex>
    </Row>
  );
}

interface ListRowProps extends Omit<RowProps, 'children' | 'field'> {
  field: ListField;
  values: string[];
  options: string[];
  placeholder: string;
  display: (value: string) => string;
  loading?: boolean;
  onAdd: (value: string) => void;
  onRemove: (value: string) => void;
}

/** A list (days, professions): pick one, "Cambiar" adds it; the chosen ones are tags, clicking one removes it. */
export function ListRow({ field, values, options, placeholder, display, loading, onAdd, onRemove, ...row }: ListRowProps) {
  const [picked, setPicked] = useState<string | null>(null);
  const apply = () => {
    if (picked === null) return;
    onAdd(picked);
    setPicked(null);
  };
  return (
    <Row field={field} {...row}>
      <Flex vertical gap="small">
        <Space.Compact style={{ width: '100%' }}>
          <Select<string>
            id={`admin-edit-${field}`}
            aria-label={row.label}
            value={picked}
            placeholder={placeholder}
            loading={loading}
            options={options.filter((option) => !values.includes(option)).map((option) => ({ value: option, label: display(option) }))}
            onChange={setPicked}
            style={{ flex: 1 }}
            data-testid={`select-${field}`}
          />
          <Button onClick={apply} disabled={picked === null} data-testid={`apply-${field}`}>
            Cambiar
          </Button>
        </Space.Compact>
        <Flex wrap gap={6} data-testid={`chosen-${field}`}>
          {values.length === 0 && <Typography.Text type="secondary">Ninguno</Typography.Text>}
          {values.map((value) => (
            <Tag
              key={value}
              color="blue"
              role="button"
              tabIndex={0}
              aria-label={`Quitar ${display(value)}`}
              title="Click para quitar"
              data-testid="chosen-tag"
              data-value={value}
              style={{ cursor: 'pointer', marginInlineEnd: 0 }}
              onClick={() => onRemove(value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onRemove(value);
                }
              }}
            >
              {display(value)} <CloseOutlined style={{ fontSize: 10 }} />
            </Tag>
          ))}
        </Flex>
      </Flex>
    </Row>
  );
}

interface AreaRowProps extends Omit<RowProps, 'children' | 'field'> {
  /** The pending area. */
  value: ServiceAreaValue;
  /** Takes the area when the shared rule does (else its message shows under the row): whether it did. */
  onApply: (area: ServiceAreaValue) => boolean;
}

/** "Zona de trabajo": the area's fields, "Cambiar" makes them pending; "Quitar zona" leaves the professional without one. */
export function AreaRow({ value, onApply, ...row }: AreaRowProps) {
  const [input, setInput] = useState(value);
  const unchanged = JSON.stringify(serviceAreaBodyOf(input)) === JSON.stringify(serviceAreaBodyOf(value));
  return (
    <Row field="serviceArea" {...row}>
      <Flex vertical gap="small">
        <ServiceAreaField id="admin-edit-serviceArea" value={input} onChange={setInput} />
        <Flex gap="small">
          <Button onClick={() => onApply(input)} disabled={unchanged} data-testid="apply-serviceArea">
            Cambiar
          </Button>
          <Button
            onClick={() => {
              if (onApply(EMPTY_SERVICE_AREA)) setInput(EMPTY_SERVICE_AREA);
            }}
            disabled={serviceAreaBodyOf(value) === null}
            data-testid="remove-serviceArea"
          >
            Quitar zona
          </Button>
        </Flex>
      </Flex>
    </Row>
  );
}
