export { getLocality, localityKey, localityQueryOptions, searchLocalities, useLocality, useLocalitySearch } from './api/localities';
export { LocalitiesField, type LocalitiesFieldProps } from './components/localities-field';
export { LocalityField, type LocalityFieldProps } from './components/locality-field';
export { isLocality, useVisitorPlace, VISITOR_PLACE_STORAGE_KEY, type VisitorPlace } from './hooks/use-visitor-place';
export {
  EMPTY_SERVICE_AREA,
  SERVICE_AREA_HINT,
  ServiceAreaField,
  serviceAreaBodyOf,
  serviceAreaErrors,
  serviceAreaValueOf,
  type ServiceAreaBody,
  type ServiceAreaFieldProps,
  type ServiceAreaValue,
} from './components/service-area-field';
