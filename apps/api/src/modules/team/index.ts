// The team module's public surface: the module itself (staff accounts, issue 11 part 3).
export { teamModule } from './team.module';
// An invitee's password hash until they choose one: who is invited rather than active.
export { INVITED_PASSWORD_HASH } from './team.repository';
