/** Admin's public face: what other modules may import from it. */
export { AdminModule } from './admin.module';
