import { CloseOutlined } from '@ant-design/icons';
import { capitalize } from '@oficios/domain';
import { Flex, Tag } from 'antd';
import { Typography } from '../../../shared/ui/typography';

interface ProfessionChipsProps {
  chosen: string[];
  nameOf: (key: string) => string;
  onRemove: (key: string) => void;
}

/**
 * The chosen professions as removable chips: the chip is one button ("Quitar Plomero"), its × only a picture of what
 * it does. antd's closable Tag would put a second control inside the button (nested-interactive for screen readers).
 */
export function ProfessionChips({ chosen, nameOf, onRemove }: ProfessionChipsProps) {
  if (chosen.length === 0) return null;
  return (
    <Flex wrap gap="small" align="center" data-testid="profession-chips" style={{ marginBottom: 16 }}>
      <Typography.Text type="secondary">Profesiones:</Typography.Text>
      {chosen.map((key) => {
        const label = capitalize(nameOf(key));
        return (
          <Tag
            key={key}
            color="blue"
            role="button"
            tabIndex={0}
            aria-label={`Quitar ${label}`}
            data-testid="profession-chip"
            data-profession={key}
            style={{ cursor: 'pointer', fontSize: 14, paddingBlock: 2 }}
            onClick={() => onRemove(key)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onRemove(key);
              }
            }}
          >
            {label}
            <CloseOutlined aria-hidden className="profession-chip-close" style={{ marginInlineStart: 6, fontSize: 11 }} />
          </Tag>
        );
      })}
    </Flex>
  );
}
