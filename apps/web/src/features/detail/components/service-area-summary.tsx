import { EnvironmentOutlined } from '@ant-design/icons';
import { localityLabel, serviceAreaLine, type ServiceArea } from '@oficios/domain';
import { Typography } from '../../../shared/ui/typography';

/**
 * Where the professional works, on the detail page: "Trabaja en Caballito y hasta 15 km" and the localities it also
 * covers ("También en ..."), each with its province. Nothing for a professional without an area.
 */
export function ServiceAreaSummary({ area }: { area: ServiceArea | null | undefined }) {
  if (!area) return null;
  return (
    <div data-testid="detail-service-area" style={{ marginTop: 8 }}>
      <Typography.Paragraph style={{ margin: 0 }} data-testid="detail-service-area-line">
        <EnvironmentOutlined /> <span title={localityLabel(area.locality)}>{serviceAreaLine(area)}</span>
      </Typography.Paragraph>
      {area.extraLocalities.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="detail-service-area-extras">
          También en {area.extraLocalities.map(localityLabel).join('; ')}
        </Typography.Paragraph>
      )}
    </div>
  );
}
