import { INestApplication, Injectable } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { API_FAMILY, ApiFamily, V2_FAMILY } from './api-family';

interface FamilyRoute {
  /** Lower-case segments; `null` for a parameter (`:id`, `*path`). */
  segments: (string | null)[];
  family: ApiFamily;
}

export interface GlobalPrefix {
  prefix: string;
  /** Paths (without the prefix) served outside it. */
  exclude: string[];
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function asList(value: unknown): string[] {
  if (value === undefined) return [''];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

/**
 * The family of a request's path, from the `@InApiFamily()` of the route that serves it. Errors raised before a
 * handler is chosen (an unknown path, a method the path does not serve, a body that does not parse, a token
 * refused) are placed by path too: the route the path matches, else the routes sharing its longest beginning
 * when they all belong to one family (`/v2/accounts/{id}/unknown` is Account Management's), else the v2 family.
 */
@Injectable()
export class RouteFamilies {
  private globalPrefix?: GlobalPrefix;
  private routes?: FamilyRoute[];

  constructor(private modules: ModulesContainer) {}

  /** The app's instance, also when the app was built in preview mode (`npm run openapi`), which constructs no provider. */
  static forApp(app: INestApplication): RouteFamilies {
    const families = app.get(RouteFamilies);
    families.modules ??= app.get(ModulesContainer);
    return families;
  }

  /** The application's global prefix, as given to `setGlobalPrefix`. */
  useGlobalPrefix(globalPrefix: GlobalPrefix): void {
    this.globalPrefix = globalPrefix;
    this.routes = undefined;
  }

  familyOf(path: string): ApiFamily {
    const wanted = segmentsOf(path.toLowerCase());
    let best: { matched: number; literals: number; families: Set<ApiFamily>; exact: boolean } | undefined;
    for (const route of this.familyRoutes()) {
      let matched = 0;
      let literals = 0;
      while (matched < route.segments.length && matched < wanted.length) {
        const segment = route.segments[matched];
        if (segment !== null && segment !== wanted[matched]) break;
        if (segment !== null) literals++;
        matched++;
      }
      const exact = matched === route.segments.length && matched === wanted.length;
      const better = !best || (exact && !best.exact) || (exact === best.exact && (matched > best.matched || (matched === best.matched && literals > best.literals)));
      if (better) best = { matched, literals, families: new Set([route.family]), exact };
      else if (best && exact === best.exact && matched === best.matched && literals === best.literals) best.families.add(route.family);
    }
    if (!best || best.families.size !== 1 || best.literals === 0) return V2_FAMILY;
    return [...best.families][0];
  }

  private familyRoutes(): FamilyRoute[] {
    this.routes ??= this.discover();
    return this.routes;
  }

  private discover(): FamilyRoute[] {
    const routes: FamilyRoute[] = [];
    const named = new Map<string, ApiFamily>();
    const scanner = new MetadataScanner();
    for (const wrapper of [...this.modules.values()].flatMap((module) => [...module.controllers.values()])) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!controller) continue;
      const family: ApiFamily =
        Reflect.getMetadata(API_FAMILY, controller) ?? (wrapper.host?.metatype && Reflect.getMetadata(API_FAMILY, wrapper.host.metatype)) ?? V2_FAMILY;
      const known = named.get(family.name);
      if (known && known.errorStatus !== family.errorStatus) {
        throw new Error(`The API family "${family.name}" is declared with two error status forms`);
      }
      named.set(family.name, family);
      const prototype = controller.prototype as Record<string, unknown>;
      for (const base of asList(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const method of scanner.getAllMethodNames(prototype)) {
          const handler = prototype[method] as object;
          if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
          for (const own of asList(Reflect.getMetadata(PATH_METADATA, handler))) {
            routes.push({ segments: this.fullPath(base, own).map((s) => (/^[:*{]/.test(s) ? null : s.toLowerCase())), family });
          }
        }
      }
    }
    return routes;
  }

  private fullPath(base: string, own: string): string[] {
    const path = [...segmentsOf(base), ...segmentsOf(own)];
    const { prefix, exclude } = this.globalPrefix ?? { prefix: '', exclude: [] };
    const excluded = exclude.some((e) => segmentsOf(e).join('/') === path.join('/'));
    return prefix && !excluded ? [...segmentsOf(prefix), ...path] : path;
  }
}
