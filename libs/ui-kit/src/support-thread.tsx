import { Anchor, Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SUPPORT_MESSAGE_MAX_LENGTH, type SupportConversation, type SupportMessageRow, type SupportState } from '@merchant-hub/validation';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { DateText } from './date-text';

/** One colour per conversation state, the same in the back office and the console. */
export const SUPPORT_STATE_COLOR = { open: 'orange', answered: 'blue', closed: 'gray' } as const satisfies Record<SupportState, string>;

export const SupportStateBadge = ({ state, label }: { state: SupportState; label: string }) => (
  <Badge color={SUPPORT_STATE_COLOR[state]} variant="light">
    {label}
  </Badge>
);

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

export type SupportConversationListProps = {
  conversations: readonly SupportConversation[];
  labels: { unread: string; state: (state: SupportState) => string };
  /** A line under the subject (the console names the merchant and the assignee). */
  detail?: (conversation: SupportConversation) => ReactNode;
};

/** Conversations as the API orders them: an unread marker, the subject linking to `/support/:id`, state and last message. */
export const SupportConversationList = ({ conversations, labels, detail }: SupportConversationListProps) => (
  <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
    {conversations.map((conversation) => (
      <Card key={conversation.id} component="li" withBorder radius="md" padding="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="nowrap">
              {conversation.unread ? (
                <Badge size="xs" color="red" variant="filled">
                  {labels.unread}
                </Badge>
              ) : null}
              <Anchor component={Link} to={`/support/${conversation.id}`} fw={conversation.unread ? 700 : 500} truncate>
                {conversation.subject}
              </Anchor>
            </Group>
            {detail ? (
              <Text size="xs" c="dimmed">
                {detail(conversation)}
              </Text>
            ) : null}
          </Stack>
          <Group gap="xs">
            <SupportStateBadge state={conversation.state} label={labels.state(conversation.state)} />
            <DateText value={conversation.last_message_at} size="xs" c="dimmed" />
          </Group>
        </Group>
      </Card>
    ))}
  </Stack>
);

export type SupportReplyFormProps = {
  form: UseFormReturnType<{ message: string }>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  labels: { message: string; hint?: string; send: string };
};

/** The message box under a conversation: the merchant's follow-up or support's reply. */
export const SupportReplyForm = ({ form, onSubmit, pending, labels }: SupportReplyFormProps) => (
  <Card withBorder radius="md" padding="sm" component="form" onSubmit={onSubmit} noValidate>
    <Stack gap="xs">
      <Textarea label={labels.message} description={labels.hint} autosize minRows={3} maxLength={SUPPORT_MESSAGE_MAX_LENGTH} key={form.key('message')} {...form.getInputProps('message')} />
      <Group justify="flex-end">
        <Button type="submit" loading={pending}>
          {labels.send}
        </Button>
      </Group>
    </Stack>
  </Card>
);
