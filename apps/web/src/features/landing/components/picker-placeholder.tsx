/** Grey button-shaped blocks (CSS grid, same 1/3/4 columns) while the picker or its data load. */
export function PickerPlaceholder({ withPlace = true }: { withPlace?: boolean }) {
  return (
    <>
      {/* Where the place picker comes (see ProfessionPicker): the same height. */}
      {withPlace && <div className="landing-place" aria-hidden />}
      <div className="picker-placeholder-grid" role="status" aria-label="Cargando profesiones" data-testid="loading">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="picker-placeholder" />
        ))}
      </div>
    </>
  );
}
