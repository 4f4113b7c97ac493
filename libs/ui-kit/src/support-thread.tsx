import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { SupportMessageRow } from '@merchant-hub/validation';
import { DateText } from './date-text';

export type SupportThreadProps = {
  messages: readonly SupportMessageRow[];
  /** The address of a message's screenshot (the merchant's and the staff's calls differ). */
  screenshotUrl: (messageId: number) => string;
  labels: { merchant: string; staff: string; screenshot: string };
};

/**
 * A support conversation, oldest first. Every text people wrote is rendered as React text (never as HTML),
 * with its line breaks kept.
 */
export const SupportThread = ({ messages, screenshotUrl, labels }: SupportThreadProps) => (
  <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
    {messages.map((message) => (
      <Card key={message.id} component="li" withBorder radius="md" padding="sm" bg={message.author === 'staff' ? 'var(--mantine-primary-color-light)' : undefined}>
        <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
          <Group gap="xs">
            <Badge variant="light" color={message.author === 'staff' ? 'blue' : 'gray'}>
              {message.author === 'staff' ? labels.staff : labels.merchant}
            </Badge>
            {message.author_name ? (
              <Text size="sm" fw={600}>
                {message.author_name}
              </Text>
            ) : null}
          </Group>
          <DateText value={message.created_at} size="xs" c="dimmed" />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
        {message.has_screenshot ? (
          <Anchor href={screenshotUrl(message.id)} target="_blank" rel="noopener noreferrer" size="sm" mt={4}>
            {labels.screenshot}
          </Anchor>
        ) : null}
      </Card>
    ))}
  </Stack>
);
