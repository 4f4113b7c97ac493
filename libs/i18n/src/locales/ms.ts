// One line per namespace: a new namespace is a new file in the folder beside this one plus its export here.
export { account } from './ms/account';
export { auth } from './ms/auth';
export { checkout } from './ms/checkout';
export { billing } from './ms/billing';
export { catalog } from './ms/catalog';
export { common } from './ms/common';
export { errors } from './ms/errors';
export { home } from './ms/home';
export { mail } from './ms/mail';
export { profile } from './ms/profile';
export { shell } from './ms/shell';
export { support } from './ms/support';
export { team } from './ms/team';
export { staff } from './ms/staff';
export { validation } from './ms/validation';
