// HTTP glue for the auth endpoints: validation messages exactly as the forms word them. Everything
// else is src/lib/server/http.ts.
import { ApiError, validationFailed, type EndpointOptions } from '../http.ts';

/**
 * A validation failure carries the first issue's own message ('username is required'), not prefixed
 * with its path, because the login modal shows and translates the server's message.
 */
export const spokenValidation: Pick<EndpointOptions, 'invalid'> = {
  invalid: (issues) => {
    const first = issues[0];
    return first ? new ApiError('VALIDATION_FAILED', first.message, 400, issues) : validationFailed(issues);
  },
};
