import { Badge, Group } from '@mantine/core';
import type { AttentionReason, MerchantState } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<MerchantState, string> = {
  active: 'green',
  change_scheduled: 'blue',
  past_due: 'red',
  grace: 'orange',
  no_plan: 'gray',
};

export const StateBadge = ({ state }: { state: MerchantState }) => {
  const { t } = useTranslation('staff');
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {t(`directory.state.${state}`)}
    </Badge>
  );
};

/** Why a merchant is in the "needs attention" view; nothing when all is well. */
export const AttentionBadges = ({ reasons }: { reasons: readonly AttentionReason[] }) => {
  const { t } = useTranslation('staff');
  if (reasons.length === 0) return null;
  return (
    <Group gap={4}>
      {reasons.map((reason) => (
        <Badge key={reason} color="red" variant="outline" size="sm">
          {t(`directory.attention.${reason}`)}
        </Badge>
      ))}
    </Group>
  );
};
