// What other parts of the app use from health data: the readiness flag for coaching, and the records.
export { readinessFor, READINESS_HOW_TO_USE, type ReadinessView } from './readiness';
export { HEALTH_TYPES, METRICS, type HealthType, type HealthUnit } from './metrics';
