// Loaded by DeferredModal only: Modal brings ScrollArea, FocusTrap, Portal and react-remove-scroll.
export { Modal } from '@mantine/core';
