/** Media's public face: uploads and avatars. */
export { MediaModule } from './media.module';
