/**
 * Holds back the Select's code until a test says it has arrived: a slow network between a focus on
 * DeferredSelect's stand-in field and the download. Used from `vi.hoisted` with `vi.mock('../deferred/select.part')`.
 */
export const createGate = (): { arrived: Promise<void>; open: () => void } => {
  let open = (): void => undefined;
  const arrived = new Promise<void>((resolve) => (open = resolve));
  return { arrived, open: () => open() };
};
