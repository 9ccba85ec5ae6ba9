// oidc-provider 9 ships no TypeScript types (and @types/oidc-provider targets older majors): the
// small surface this app uses, declared by hand from the library's source.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    jti?: string;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: number;
    exp?: number;
    accountId?: string;
    clientId?: string;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  /** Koa context with the provider's `oidc` property (loosely typed: only read defensively). */
  export interface KoaContextWithOIDC {
    method: string;
    path: string;
    status: number;
    body: unknown;
    oidc?: {
      route?: string;
      client?: { clientId: string; clientName?: string };
      params?: Record<string, unknown>;
      body?: Record<string, unknown>;
    };
    get(header: string): string;
    set(header: string, value: string): void;
  }

  export interface OIDCError extends Error {
    error: string;
    error_description?: string;
    error_detail?: string;
    status: number;
    statusCode: number;
    expose: boolean;
  }

  type ErrorClass<A extends unknown[] = [string?]> = new (...args: A) => OIDCError;

  export const errors: {
    InvalidGrant: ErrorClass<[string?]>;
    InvalidRequest: ErrorClass<[string?, number?]>;
    InvalidTarget: ErrorClass<[string?]>;
    InvalidScope: ErrorClass<[string, string?]>;
    InvalidClientMetadata: ErrorClass<[string]>;
    AccessDenied: ErrorClass<[string?]>;
    OIDCProviderError: ErrorClass<[number, string]>;
  };

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    getResourceScope(resource: string): string;
    save(): Promise<string>;
    destroy(): Promise<void>;
  }

  export interface Interaction {
    jti: string;
    uid: string;
    exp: number;
    returnTo: string;
    params: Record<string, unknown>;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    result?: Record<string, unknown>;
    lastSubmission?: Record<string, unknown>;
    save(ttl: number): Promise<string>;
  }

  export interface Client {
    clientId: string;
    clientName?: string;
    redirectUris: string[];
    grantTypes: string[];
  }

  export class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    proxy: boolean;
    issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): void;
    on(event: string, listener: (ctx: KoaContextWithOIDC, ...args: unknown[]) => void): this;
    Grant: { new (properties: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
    Interaction: { find(id: string): Promise<Interaction | undefined> };
    Client: { find(id: string): Promise<Client | undefined> };
  }

  export default Provider;
}
