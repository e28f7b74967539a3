import { z } from 'zod';
import { ERRORS } from '../errors';

// the error body is the server's and the API document's, in a module of its own: a web page that imports the common
// fields (schemas/common.ts) does not carry the whole error table with them (decision 0069)
const codes = Object.keys(ERRORS) as [keyof typeof ERRORS, ...(keyof typeof ERRORS)[]];

/** Every error code (src/shared/errors.ts): one enum, named once in the API document. */
export const errorCode = z.enum(codes);

export const errorBody = z.object({
  error: z.object({
    code: errorCode,
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    fields: z.record(z.string(), errorCode).optional(),
    /** the request's id, as in the X-Request-Id header of the answer and in the server's log lines */
    requestId: z.string().optional(),
  }),
});
