// Loaded by DeferredSelect only: Select brings Combobox, Popover and floating-ui.
export { Select } from '@mantine/core';
