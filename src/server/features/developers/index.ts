/**
 * The developers feature's public entry (decision 0035): API keys of the open platform (decision 0038).
 */
export { developerRoutes } from './routes';
export { createKey, listKeys } from './keys';
