/** Health's public face. */
export { HealthModule } from './health.module';
