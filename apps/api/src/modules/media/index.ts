/** Media's public face: uploads and avatars, and the private images other modules keep (messages' photos). */
export { MediaModule } from './media.module';
export { PrivateImagesService, type StoredImage } from './private-images.service';
export { NOT_AN_IMAGE } from './image-encoding';
export { UploadRefusalsFilter } from './upload-errors.filter';
export { MultipartFiles, UploadedImages, type UploadedFileData } from './multipart-files.interceptor';
