import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { theme } from '../theme';

/** Renders inside the kit's theme; the test env turns off transitions and portals so content shows at once. */
export const renderWithTheme = (ui: ReactElement) => render(<MantineProvider theme={theme} env="test">{ui}</MantineProvider>);
