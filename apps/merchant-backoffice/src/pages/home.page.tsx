import { Alert, Anchor, Badge, Button, Card, Group, List, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useBillingOverview, useCurrentUser } from '@merchant-hub/api-client';
import { currentPlanSubscription, usageRows } from '@merchant-hub/billing-rules';
import type { BillingResponse, Package } from '@merchant-hub/domain';
import { DateText, GuidedTour, Icon, usePageTitle, useDelayedTour } from '@merchant-hub/ui-kit';
import type { IconName, TourStep } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../app/gating';
import { isMustSubscribe, openSetupSteps } from '../home/setup-steps';
import type { SetupStep } from '../home/setup-steps';

const TOUR_DONE_KEY = 'merchant-hub.tour-done';

const tourDone = (userId: number | undefined): boolean => {
  try {
    return userId === undefined || window.localStorage.getItem(`${TOUR_DONE_KEY}.${userId}`) === '1';
  } catch {
    return true;
  }
};

const STEP_LINKS: Readonly<Record<SetupStep, string>> = {
  pastDue: PATHS.billing,
  plan: PATHS.billing,
  billingDetails: PATHS.billing,
  paymentMethod: PATHS.billing,
};

const QUICK_LINKS: { key: string; to: string; icon: IconName }[] = [
  { key: 'billing', to: PATHS.billing, icon: 'billing' },
  { key: 'addOn', to: PATHS.usageAddOn, icon: 'channels' },
  { key: 'profile', to: PATHS.personal, icon: 'user' },
  { key: 'terms', to: PATHS.terms, icon: 'document' },
];

const TOUR_TARGETS = [
  ['quick-links', 'quickLinks'],
  ['todo', 'todo'],
  ['summary', 'summary'],
  ['upgrade', 'upgrade'],
  ['languages', 'languages'],
  ['theme-options', 'theme'],
  ['breadcrumbs', 'breadcrumbs'],
] as const;

const PlanSummary = ({ billing }: { billing: BillingResponse }) => {
  const { t } = useTranslation('home');
  const subscription = currentPlanSubscription(billing.all);
  const plan = subscription?.package ?? null;
  if (!subscription || !plan) return <Text c="dimmed">{t('summary.noPlan')}</Text>;
  const usageSource: Partial<Package> = billing.selectedPackage.find((entry) => entry.selected)?.data ?? plan;
  const rows = usageRows(usageSource);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="xs">
        <Text size="sm" c="dimmed">
          {t('summary.plan')}
        </Text>
        <Text size="sm" fw={600} data-testid="plan-name">
          {plan.name}
        </Text>
        <Text size="sm" c="dimmed">
          {t('summary.period')}
        </Text>
        <Text size="sm">{t(`summary.periods.${plan.billing_period}`)}</Text>
        <Text size="sm" c="dimmed">
          {t('summary.status')}
        </Text>
        <div>
          <Badge color={subscription.stripe_status === 'past_due' ? 'red' : subscription.stripe_status === 'active' ? 'green' : 'gray'} variant="light">
            {t(`summary.statuses.${subscription.stripe_status}`, { defaultValue: subscription.stripe_status })}
          </Badge>
        </div>
        <Text size="sm" c="dimmed">
          {subscription.ends_at ? t('summary.endsOn') : t('summary.nextBilling')}
        </Text>
        <DateText size="sm" value={subscription.ends_at ?? subscription.current_period_end} />
      </SimpleGrid>
      <Text size="sm" fw={600} mt="xs">
        {t('summary.usage')}
      </Text>
      {rows.map((row) => (
        <Stack key={row.item} gap={2}>
          <Group justify="space-between">
            <Text size="xs">{t(`summary.usageItems.${row.item}`)}</Text>
            <Text size="xs" c="dimmed">
              {/* A left-to-right isolate: right-to-left languages would otherwise read "10000 / 0". */}
              <bdi dir="ltr">
                {row.current} / {row.max === '*' || row.max === null ? t('summary.unlimited') : row.max}
              </bdi>
            </Text>
          </Group>
          <Progress value={row.percent} color={row.state === 'exception' ? 'red' : undefined} size="sm" aria-label={t(`summary.usageItems.${row.item}`)} />
        </Stack>
      ))}
    </Stack>
  );
};

/** Home (`/`): quick links, open setup steps, plan and usage summary, and the guided tour of spec §2. */
export const HomePage = () => {
  const { t } = useTranslation(['home', 'shell']);
  usePageTitle(t('home:title'));
  const user = useCurrentUser({ meta: { handlesError: true } });
  const billing = useBillingOverview(undefined, { meta: { handlesError: true }, retry: false });
  const mustSubscribe = billing.isError && isMustSubscribe(billing.error);
  const [tourOpened, setTourOpened] = useDelayedTour(user.isSuccess && !tourDone(user.data?.id));
  const closeTour = () => {
    setTourOpened(false);
    try {
      if (user.data) window.localStorage.setItem(`${TOUR_DONE_KEY}.${user.data.id}`, '1');
    } catch {
      // the tour will simply be offered again next time
    }
  };
  const steps: TourStep[] = TOUR_TARGETS.map(([target, key]) => ({
    target: `[data-tour="${target}"]`,
    title: t(`shell:tour.steps.${key}Title`),
    body: t(`shell:tour.steps.${key}`),
  }));
  const todo = billing.isSuccess ? openSetupSteps(billing.data) : mustSubscribe ? openSetupSteps(null) : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {user.data ? t('home:greeting', { name: user.data.name }) : t('home:title')}
          </Title>
          <Text c="dimmed">{t('home:subtitle')}</Text>
        </Stack>
        <Button variant="subtle" onClick={() => setTourOpened(true)} visibleFrom="sm">
          {t('shell:tour.restart')}
        </Button>
      </Group>

      <Card withBorder radius="md" data-tour="quick-links">
        <Title order={2} size="h4" mb="sm">
          {t('home:quickLinks.title')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {QUICK_LINKS.map((link) => (
            <Card key={link.key} component={Link} to={link.to} withBorder padding="sm" radius="md">
              <Stack gap={6} align="center">
                <ThemeIcon variant="light" size="lg">
                  <Icon name={link.icon} />
                </ThemeIcon>
                <Text size="sm" ta="center">
                  {t(`home:quickLinks.${link.key}`)}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" data-tour="todo">
          <Title order={2} size="h4" mb="sm">
            {t('home:todo.title')}
          </Title>
          {billing.isPending ? (
            <Stack gap="xs">
              <Skeleton h={20} />
              <Skeleton h={20} />
            </Stack>
          ) : todo === null ? (
            <Alert color="yellow">{t('home:todo.unavailable')}</Alert>
          ) : todo.length === 0 ? (
            <Text c="dimmed" data-testid="todo-done">
              {t('home:todo.allDone')}
            </Text>
          ) : (
            <List spacing="xs" data-testid="todo-list">
              {todo.map((step) => (
                <List.Item key={step}>
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">{t(`home:todo.${step}`)}</Text>
                    <Anchor component={Link} to={STEP_LINKS[step]} size="sm">
                      {t('home:todo.open')}
                    </Anchor>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Card>

        <Card withBorder radius="md" data-tour="summary">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {t('home:summary.title')}
            </Title>
            <Button component={Link} to={PATHS.billing} size="xs" data-tour="upgrade">
              {mustSubscribe ? t('home:summary.choosePlan') : t('home:summary.upgrade')}
            </Button>
          </Group>
          {billing.isPending ? (
            <Stack gap="xs">
              <Skeleton h={20} />
              <Skeleton h={20} />
              <Skeleton h={60} />
            </Stack>
          ) : billing.isSuccess ? (
            <PlanSummary billing={billing.data} />
          ) : mustSubscribe ? (
            <Text c="dimmed">{t('home:summary.noPlan')}</Text>
          ) : (
            <Alert color="yellow">{t('home:summary.unavailable')}</Alert>
          )}
        </Card>
      </SimpleGrid>

      <GuidedTour
        steps={steps}
        opened={tourOpened}
        onClose={closeTour}
        labels={{
          next: t('shell:tour.next'),
          back: t('shell:tour.back'),
          done: t('shell:tour.done'),
          skip: t('shell:tour.skip'),
          progress: (step, total) => t('shell:tour.progress', { step, total }),
        }}
      />
    </Stack>
  );
};
