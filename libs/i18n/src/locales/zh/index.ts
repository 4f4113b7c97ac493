// One line per namespace: a new namespace is a new file beside this one plus its export here.
export { auth } from './auth';
export { checkout } from './checkout';
export { billing } from './billing';
export { catalog } from './catalog';
export { common } from './common';
export { errors } from './errors';
export { home } from './home';
export { profile } from './profile';
export { shell } from './shell';
export { support } from './support';
export { team } from './team';
export { staff } from './staff';
export { validation } from './validation';
export { mail } from './mail';
