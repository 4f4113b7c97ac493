import type { User } from '@merchant-hub/domain';

/** A merchant owner as `GET /user` answers it. */
export const user: User = {
  id: 11,
  user_id: 11,
  name: 'Aisyah',
  email: 'merchant-my@demo.test',
  image: null,
  image_url: null,
  phone: null,
  roles: [{ name: 'main_user' }],
  inventory_users: { inventory_store_users: { store_id: 3 } },
};
