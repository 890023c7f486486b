import { render, screen } from '@testing-library/react';
import { CABALLITO, CASTELAR_SANTA_FE, PALERMO, ROSARIO } from '../../../testing/locality-fixtures';
import { ServiceAreaSummary } from './service-area-summary';

describe('ServiceAreaSummary', () => {
  it('says where the professional works and the localities it also covers, each with its province', () => {
    render(
      <ServiceAreaSummary
        area={{ locality: CABALLITO, radiusKm: 15, extraLocalities: [ROSARIO, CASTELAR_SANTA_FE], excludedLocalities: [PALERMO] }}
      />,
    );
    expect(screen.getByTestId('detail-service-area-line')).toHaveTextContent(/^Trabaja en Caballito y hasta 15 km$/);
    expect(screen.getByTestId('detail-service-area-extras')).toHaveTextContent('También en Rosario, Santa Fe; Castelar, Santa Fe');
    // The exclusions are the professional's business: the page does not list them.
    expect(screen.queryByText(/Palermo/)).not.toBeInTheDocument();
  });

  it('without extras says only the line, and nothing at all without an area', () => {
    const { rerender } = render(
      <ServiceAreaSummary area={{ locality: PALERMO, radiusKm: 8, extraLocalities: [], excludedLocalities: [] }} />,
    );
    expect(screen.getByTestId('detail-service-area-line')).toHaveTextContent('Trabaja en Palermo y hasta 8 km');
    expect(screen.queryByTestId('detail-service-area-extras')).not.toBeInTheDocument();
    rerender(<ServiceAreaSummary area={null} />);
    expect(screen.queryByTestId('detail-service-area')).not.toBeInTheDocument();
  });
});
