/**
 * The drizzle schema: every table, enum and relation, public and private.
 * drizzle-kit (drizzle.config.ts) and the API's drizzle client use this module.
 * Browser code imports `./enums.ts` and `./zero-schema.gen.ts` instead.
 */
export * from './enums.ts';
export * from './private.ts';
export * from './relations.ts';
export * from './tables.ts';
