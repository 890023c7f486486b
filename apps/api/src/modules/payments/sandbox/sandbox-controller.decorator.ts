import { applyDecorators, Controller, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Access, SkipXsrf } from '../../../common/auth/access.decorator';
import { MercadoPagoErrorFilter } from './mercadopago-errors';

/** Where the sandbox answers MercadoPago's paths (the SDK's `MP_API_URL` points here in sandbox mode). */
export const SANDBOX_PATH = 'sandbox/mercadopago';

/**
 * A controller of the sandbox: public (MercadoPago's SDK and the payer's browser carry no session or anti-forgery
 * header), its errors in MercadoPago's shape, and left out of the API's own docs.
 */
export const SandboxController = () =>
  applyDecorators(ApiExcludeController(), UseFilters(MercadoPagoErrorFilter), Access('public'), SkipXsrf(), Controller(SANDBOX_PATH));
