// One line per namespace: a new namespace is a new file in the folder beside this one plus its export here.
export { account } from './zh/account';
export { auth } from './zh/auth';
export { checkout } from './zh/checkout';
export { billing } from './zh/billing';
export { catalog } from './zh/catalog';
export { common } from './zh/common';
export { errors } from './zh/errors';
export { home } from './zh/home';
export { mail } from './zh/mail';
export { profile } from './zh/profile';
export { shell } from './zh/shell';
export { support } from './zh/support';
export { team } from './zh/team';
export { staff } from './zh/staff';
export { validation } from './zh/validation';
