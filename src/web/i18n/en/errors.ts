import { ERRORS, type ErrorCode } from '@shared/errors';

/** The server's error codes in English (decision 0069; the zh-CN namespace says how it is used). */
const en = Object.fromEntries(Object.entries(ERRORS).map(([code, e]) => [code, e.en])) as Record<ErrorCode, string>;
export default en;
