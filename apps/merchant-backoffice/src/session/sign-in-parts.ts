import { lazyWithPreload } from '@merchant-hub/app-root';

// What the sign-in page draws but only needs once touched: its card's form and calls (the inputs, @mantine/form,
// the sign-in, code and activation calls). Not in the page's first load: the prerendered card stays on screen
// until its code is in and hydrates it (see `LazyPart`); the page's preload fetches it beside the page's code.
export const SignInFlow = lazyWithPreload(() => import('./sign-in-flow').then((module) => module.SignInFlow));
