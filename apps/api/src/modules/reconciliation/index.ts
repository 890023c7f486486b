/** The reconciler's public face. */
export { ReconciliationModule } from './reconciliation.module';
export { Reconciler, type ReconciliationReport } from './reconciler.service';
