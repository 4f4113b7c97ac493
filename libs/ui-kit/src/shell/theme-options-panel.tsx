import { ColorSwatch, Drawer, Group, SegmentedControl, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { Icon } from '../icons';
import { SIDEBAR_IMAGES, THEME_COLORS, sidebarImageCss } from './theme-options';
import type { SidebarImage, ThemeColor, ThemeOptions } from './theme-options';

export type ThemeOptionsLabels = {
  title: string;
  color: string;
  colorName: (color: ThemeColor) => string;
  sidebar: string;
  sidebarLight: string;
  sidebarDark: string;
  sidebarImage: string;
  sidebarImageName: (image: SidebarImage) => string;
  miniSidebar: string;
  boxLayout: string;
  rtl: string;
  darkMode: string;
  close: string;
};

export type ThemeOptionsPanelProps = {
  opened: boolean;
  onClose: () => void;
  value: ThemeOptions;
  onChange: (next: ThemeOptions) => void;
  labels: ThemeOptionsLabels;
};

/** The theme options drawer of spec §2; every change applies at once and the caller remembers it. */
export const ThemeOptionsPanel = ({ opened, onClose, value, onChange, labels }: ThemeOptionsPanelProps) => {
  const set = <K extends keyof ThemeOptions>(key: K, next: ThemeOptions[K]) => onChange({ ...value, [key]: next });
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={320} title={labels.title} closeButtonProps={{ 'aria-label': labels.close }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {labels.color}
          </Text>
          <Group gap="xs" role="radiogroup" aria-label={labels.color}>
            {THEME_COLORS.map((color) => (
              <ColorSwatch
                key={color}
                component="button"
                type="button"
                role="radio"
                aria-checked={value.color === color}
                aria-label={labels.colorName(color)}
                color={`var(--mantine-color-${color}-6)`}
                onClick={() => set('color', color)}
                style={{ cursor: 'pointer', color: 'white' }}
              >
                {value.color === color ? <Icon name="check" size={14} /> : null}
              </ColorSwatch>
            ))}
          </Group>
        </Stack>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {labels.sidebar}
          </Text>
          <SegmentedControl
            aria-label={labels.sidebar}
            value={value.sidebar}
            onChange={(next) => set('sidebar', next === 'dark' ? 'dark' : 'light')}
            data={[
              { value: 'light', label: labels.sidebarLight },
              { value: 'dark', label: labels.sidebarDark },
            ]}
          />
        </Stack>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {labels.sidebarImage}
          </Text>
          <Group gap="xs" role="radiogroup" aria-label={labels.sidebarImage}>
            {SIDEBAR_IMAGES.map((image) => (
              <UnstyledButton
                key={image}
                role="radio"
                aria-checked={value.sidebarImage === image}
                aria-label={labels.sidebarImageName(image)}
                title={labels.sidebarImageName(image)}
                onClick={() => set('sidebarImage', image)}
                w={48}
                h={64}
                style={{
                  borderRadius: 6,
                  border: `2px solid ${value.sidebarImage === image ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                  background: sidebarImageCss(image, false) ?? 'var(--mantine-color-body)',
                }}
              />
            ))}
          </Group>
        </Stack>
        <Switch label={labels.miniSidebar} checked={value.miniSidebar} onChange={(event) => set('miniSidebar', event.currentTarget.checked)} />
        <Switch label={labels.boxLayout} checked={value.boxLayout} onChange={(event) => set('boxLayout', event.currentTarget.checked)} />
        <Switch label={labels.rtl} checked={value.rtl} onChange={(event) => set('rtl', event.currentTarget.checked)} />
        <Switch label={labels.darkMode} checked={value.darkMode} onChange={(event) => set('darkMode', event.currentTarget.checked)} />
      </Stack>
    </Drawer>
  );
};
