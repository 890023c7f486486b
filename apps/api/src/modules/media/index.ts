/** Media's public face: uploads and avatars, and the private images other modules keep (messages' photos). */
export { MediaModule } from './media.module';
export { PrivateImagesService, NOT_AN_IMAGE, type StoredImage } from './private-images.service';
export { sendUploadRefusal, type UploadRefusalTexts } from './upload-errors.filter';
export { MultipartFiles, UploadedImages, type UploadedFileData } from './multipart-files.interceptor';
