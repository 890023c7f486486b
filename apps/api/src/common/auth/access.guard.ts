import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { timingSafeEqual } from 'node:crypto';
import { ACCESS_KEY, SKIP_XSRF_KEY, type AccessRule, type RequestWithUser } from './access.decorator';
import { SessionService, XSRF_COOKIE, XSRF_HEADER } from './session.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The one gate of every route: anti-forgery check on unsafe methods, then the
 * handler's declared access rule. A handler that declares none is refused.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<RequestWithUser>();
    const targets = [context.getHandler(), context.getClass()];

    if (!SAFE_METHODS.has(req.method) && !this.reflector.getAllAndOverride<boolean>(SKIP_XSRF_KEY, targets)) {
      const cookie = (req.cookies as Record<string, string> | undefined)?.[XSRF_COOKIE];
      const header = req.header(XSRF_HEADER);
      if (!cookie || !header || !sameToken(cookie, header)) {
        throw new ForbiddenException({
          statusCode: 403,
          error: 'Forbidden',
          message: 'Falta o no coincide el token anti-falsificación (X-XSRF-TOKEN)',
        });
      }
    }

    const rules = this.reflector.getAllAndOverride<AccessRule[] | undefined>(ACCESS_KEY, targets);
    req.sessionUser = this.sessions.read(req);
    if (!rules || rules.length === 0) {
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'Ruta sin regla de acceso' });
    }
    if (rules.includes('public')) return true;
    if (!req.sessionUser)
      throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'Inicia sesión para continuar' });
    if (!rules.includes(req.sessionUser.type)) {
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'No tienes permiso para esta acción' });
    }
    return true;
  }
}
