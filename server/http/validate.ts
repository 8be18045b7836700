import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { sendError } from './errors';

/**
 * The one validator wrapper: every body, param and query goes through zod, and a failure answers
 * 400 `invalid_request` (or `invalid_json`) in the API's error shape.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
      return sendError(c, 400, 'invalid_request', 'The request is not valid.', issues);
    }
  });
}
