/** Sign-in's public face: what other modules may import from it. */
export { SignInModule } from './sign-in.module';
export { AccountAnswers } from './account-answers.service';
