import { loadNamespaces } from '../../i18n';

/** A lazily loaded matching part together with its texts (the `matching` namespace). */
export const withTexts = <T>(load: Promise<T>) => Promise.all([load, loadNamespaces(['matching'])]).then(([m]) => m);
