/**
 * The uploads feature's public entry: what other features, the database seed, tests and scripts use.
 * Everything else in features/uploads is its own (eslint: local/feature-entry, decision 0035).
 */
export { BoundedQueue } from './queue';
export { SIGNUP_TICKET_COOKIE } from './routes';
export {
  MAX_IMAGE_PIXELS,
  PRIVATE_PREFIX,
  claimUploads,
  deleteStoredFile,
  deleteUploadByUrl,
  findAttachablePortfolio,
  imageQueue,
  privateUploadUrl,
} from './service';
