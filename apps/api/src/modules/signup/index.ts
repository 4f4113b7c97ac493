// The signup module's public surface.
export { signupModule } from './signup.module';
export { REGISTRATION_MESSAGES } from './signup.service';
