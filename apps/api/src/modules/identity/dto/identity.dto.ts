import {
  clientUpdateSchema,
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';

// Request bodies of the identity routes: the shared schemas, validated by the global pipe and shown in /docs.
export class RegistrationDto extends createZodDto(registrationSchema) {}
export class LoginDto extends createZodDto(loginSchema) {}
export class ForgotPasswordDto extends createZodDto(forgotPasswordSchema) {}
export class ResetPasswordDto extends createZodDto(resetPasswordSchema) {}
export class VerifyEmailDto extends createZodDto(verifyEmailSchema) {}
export class ClientUpdateDto extends createZodDto(clientUpdateSchema) {}
