export { getLocality, localityKey, localityQueryOptions, searchLocalities, useLocality, useLocalitySearch } from './api/localities';
export { LocalitiesField, type LocalitiesFieldProps } from './components/localities-field';
export { LocalityField, type LocalityFieldProps } from './components/locality-field';
export { isLocality, useVisitorPlace, VISITOR_PLACE_STORAGE_KEY, type VisitorPlace } from './hooks/use-visitor-place';
