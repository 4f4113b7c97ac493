// The accounts module's public surface: users, merchants and stores as other modules read and create them.
export { accountsModule } from './accounts.module';
export {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertMerchantWithStore,
  insertStore,
  insertUser,
  outOfCreditStoreNames,
  rememberLocale,
  roleNamesOf,
  storeEmailTaken,
  storeNameTaken,
  toUserDto,
  type UserRecord,
} from './accounts.repository';
export { createAccountsService, normalizePhone } from './accounts.service';
export { consumeToken, issueUserToken, peekToken, TOKEN_TTL_SECONDS } from './tokens.repository';
