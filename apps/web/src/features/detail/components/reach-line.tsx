import type { ServiceArea } from '@oficios/domain';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { Typography } from '../../../shared/ui/typography';
import { LocalityField, useVisitorPlace } from '../../localities';
import { reachOf } from '../lib/reach';

/**
 * Whether the professional reaches the visitor's place ("Llega a Caballito (a 3,2 km)" / "No trabaja en Rosario: ...");
 * without a place yet, a field to choose it. Nothing for a professional without an area (they work everywhere). The
 * line keeps one height in every state, so the page does not move when the place (this browser's) arrives.
 */
export function ReachLine({ serviceArea }: { serviceArea: ServiceArea | null | undefined }) {
  const { place, choose } = useVisitorPlace();
  const [changing, setChanging] = useState(false);
  if (!serviceArea) return null;
  const reach = place && !changing ? reachOf(serviceArea, place) : null;
  return (
    <Flex align="center" gap="small" wrap style={{ minHeight: 32, marginTop: 8 }} data-testid="detail-reach">
      {reach ? (
        <>
          <Typography.Text type={reach.reaches ? 'success' : 'danger'} data-testid="detail-reach-text" data-reaches={reach.reaches}>
            {reach.reaches ? <CheckCircleOutlined aria-hidden /> : <CloseCircleOutlined aria-hidden />} {reach.text}
          </Typography.Text>
          <Button type="link" size="small" onClick={() => setChanging(true)} data-testid="detail-reach-change">
            Cambiar localidad
          </Button>
        </>
      ) : (
        <LocalityField
          aria-label="¿Llega a tu localidad?"
          placeholder="¿Llega a tu localidad? Escríbela"
          data-testid="detail-reach-place"
          value={changing ? (place?.id ?? null) : null}
          allowClear={false}
          onChange={(_id, locality) => {
            if (!locality) return;
            choose(locality);
            setChanging(false);
          }}
        />
      )}
    </Flex>
  );
}
