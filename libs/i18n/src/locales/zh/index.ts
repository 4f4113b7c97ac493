// One line per namespace: a new namespace is a new file beside this one plus its export here.
export { common } from './common';
export { errors } from './errors';
export { validation } from './validation';
