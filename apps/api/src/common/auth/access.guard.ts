import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { forbidden, unauthorized } from '../errors/app-errors';
import { ACCESS_KEY, SKIP_XSRF_KEY, type AccessRule, type RequestWithUser } from './access.decorator';
import { SessionService } from '../../modules/identity';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const XSRF_REFUSED = 'Falta o no coincide el token anti-falsificación (X-XSRF-TOKEN)';

/**
 * The one gate of every route: anti-forgery check on unsafe methods, then the
 * handler's declared access rule. A handler that declares none is refused.
 * Protected routes check the session row on every request (revoked sessions are nobody).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<RequestWithUser>();
    const targets = [context.getHandler(), context.getClass()];

    if (!SAFE_METHODS.has(req.method) && !this.reflector.getAllAndOverride<boolean>(SKIP_XSRF_KEY, targets)) {
      if (!this.sessions.checkXsrf(req)) throw forbidden('xsrf_refused', XSRF_REFUSED);
    }

    const rules = this.reflector.getAllAndOverride<AccessRule[] | undefined>(ACCESS_KEY, targets);
    if (!rules || rules.length === 0) {
      throw forbidden('forbidden', 'Ruta sin regla de acceso');
    }
    // Public routes need no caller: no session lookup on the catalogue's hot path.
    if (rules.includes('public')) return true;
    req.sessionUser = await this.sessions.authenticate(req);
    if (!req.sessionUser) throw unauthorized('sign_in_required', 'Inicia sesión para continuar');
    if (!rules.includes(req.sessionUser.type)) {
      throw forbidden('not_allowed', 'No tienes permiso para esta acción');
    }
    return true;
  }
}
