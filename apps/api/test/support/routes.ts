import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { ACCESS_KEY, type AccessRule } from '../../src/common/auth/access.decorator';

export interface RouteInfo {
  method: string;
  path: string;
  access: AccessRule[] | undefined;
}

function join(...parts: string[]): string {
  return `/${parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
}

/** Every HTTP route of the running app with the access rule its handler (or controller) declares. */
export function listRoutes(app: INestApplication): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
      if (!controller) continue;
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const classAccess = Reflect.getMetadata(ACCESS_KEY, controller) as AccessRule[] | undefined;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const paths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        const access = (Reflect.getMetadata(ACCESS_KEY, handler) as AccessRule[] | undefined) ?? classAccess;
        for (const prefix of prefixes)
          for (const path of paths) routes.push({ method: RequestMethod[method], path: join(prefix, path), access });
      }
    }
  }
  return routes;
}
