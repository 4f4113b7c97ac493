// The team module's public surface: the module itself (staff accounts, issue 11 part 3).
export { teamModule } from './team.module';
