import { AppError } from '../../lib/errors';

/** scimType values of RFC 7644 §3.12 that we answer with. */
export type ScimType =
  'invalidFilter' | 'uniqueness' | 'invalidValue' | 'invalidSyntax' | 'invalidPath' | 'mutability' | 'noTarget';

const PREFIX = 'SCIM_';

/** A refusal answered in SCIM's error shape by the routes' error handler (the scimType rides in the code). */
export const scimError = (status: number, detail: string, scimType?: ScimType) =>
  new AppError(status, scimType ? `${PREFIX}${scimType}` : 'SCIM', detail);

/** The scimType of an error made by scimError, if it has one. */
export const scimTypeOf = (code: string): string | undefined =>
  code.startsWith(PREFIX) ? code.slice(PREFIX.length) : undefined;
