/** Profiles' public face: what other modules may import from it. */
export { ProfilesModule } from './profiles.module';
