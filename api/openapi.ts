/**
 * The REST API's OpenAPI 3.1 document, made from the app itself by
 * hono-openapi (ADR 046): every route in `app.routes`, with the params, query
 * and body its `valid()` middleware checks (api/validate.ts), from the same
 * zod schemas. What hono-openapi cannot know from a validator is added here
 * once for every operation: the error shape every refusal has, the versions
 * a single resource answers (api/versions.ts), and the server's base path.
 */
import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { SESSION_COOKIE } from './auth/sessions.ts';

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const errorSchema: OpenAPIV3_1.SchemaObject = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          description:
            'What went wrong, for a program: `invalid`, `not_found`, `precondition_failed`, …',
        },
        message: {
          type: 'string',
          description: 'What went wrong, in words for the person using the app.',
        },
      },
    },
  },
};

const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A route with `{id}` last and a verb that writes: one resource, with a version. */
const versionedWrite = (path: string, method: string) =>
  /\{[^}]+\}$/.test(path) && ['put', 'patch', 'delete'].includes(method);

/** Any Hono app: the document reads only its routes. */
type AnyApp = { routes: Hono['routes'] };

export async function openApiDocument(app: AnyApp): Promise<Document> {
  const generated = (await generateSpecs(app as unknown as Hono, {
    includeEmptyPaths: true,
    // /openapi.json itself is a route like any other, not a static file.
    excludeStaticFile: false,
    documentation: {
      info: {
        title: 'Preference Bank API',
        version: '1',
        description:
          'The REST API of Preference Bank: a person’s likes, dislikes and the way they want to be supported, and their Circle of Support. How it behaves (verbs, versions, errors) is in the product specification, §7.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/api' }],
    },
    defaultValidationErrorResponse: refusal('The request is not one this route takes.'),
  })) as Document;
  const document: Document = {
    ...generated,
    components: {
      ...generated.components,
      schemas: { ...generated.components?.schemas, Error: errorSchema },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session a sign-in sets (HttpOnly).',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A session token, or an access token for one person (`pat1…`) on that person’s routes.',
        },
      },
    },
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method] as Operation | undefined;
      if (!operation) continue;
      const responses = { ...(operation.responses ?? {}) } as Record<string, object>;
      // A route that says what it answers (api/answers.ts `answers`) is
      // described by exactly that; any other, in general words. hono-openapi's
      // own placeholder is a 200 with nothing in it.
      const said = Object.entries(responses).some(
        ([code, r]) => /^2\d\d$/.test(code) && 'description' in r,
      );
      if (!said) {
        const ok = responses['200'];
        delete responses['200'];
        responses['2XX'] = {
          description: 'Done: the resource or the result as JSON, none (204), or a redirect.',
          ...(ok && 'content' in ok ? ok : {}),
        };
      }
      responses['4XX'] = refusal('Refused: every refusal has this shape.');
      responses['5XX'] = refusal('Something went wrong on our side; nothing is said of it.');
      if (versionedWrite(path, method)) {
        responses['412'] = refusal('The resource changed since the version in If-Match.');
        operation.parameters = [
          ...(operation.parameters ?? []),
          {
            in: 'header',
            name: 'If-Match',
            required: false,
            description: 'The ETag of the version read; a stale one is refused with 412.',
            schema: { type: 'string' },
          },
        ];
      }
      // A JSON body whose schema requires nothing may be left out: Hono reads none as {}.
      const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      const schema = body?.content?.['application/json']?.schema as
        | OpenAPIV3_1.SchemaObject
        | undefined;
      if (body && schema && !('$ref' in schema) && !schema.required?.length) body.required = false;
      operation.responses = responses as NonNullable<Operation['responses']>;
      operation.summary ??= `${method.toUpperCase()} ${path}`;
      // A route without sign-in middleware needs none (its own token, if any, is a parameter).
      operation.security ??= [];
    }
  }
  return document;
}
