// One line per namespace: a new namespace is a new file in the folder beside this one plus its export here.
export { account } from './zhtw/account';
export { auth } from './zhtw/auth';
export { checkout } from './zhtw/checkout';
export { billing } from './zhtw/billing';
export { catalog } from './zhtw/catalog';
export { common } from './zhtw/common';
export { errors } from './zhtw/errors';
export { home } from './zhtw/home';
export { mail } from './zhtw/mail';
export { profile } from './zhtw/profile';
export { shell } from './zhtw/shell';
export { support } from './zhtw/support';
export { team } from './zhtw/team';
export { staff } from './zhtw/staff';
export { validation } from './zhtw/validation';
