/** Notifications' public face: what other modules may import from it. */
export { NotificationsModule } from './notifications.module';
