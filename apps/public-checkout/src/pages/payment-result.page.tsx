import { Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { usePaymentStatus } from '@merchant-hub/api-client';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CheckoutLayout } from '../app/checkout-layout';
import { pageLocation } from '../checkout/page-location';
import { SIGN_IN_PATH } from '../checkout/session';
import { useSignInAndGoHome } from '../checkout/use-ticket-sign-in';

/** Each modal's title is the state's headline. */
const TITLE_STYLES = { title: { fontWeight: 700 } };

/** Spec §9: a pending payment is asked about again every two minutes. */
export const PAYMENT_POLL_MS = 120_000;
/** Spec §4: the success modal counts down ten seconds, then signs in. */
export const SUCCESS_COUNTDOWN_SECONDS = 10;

type ResultView = 'success' | 'pending' | 'expired' | 'invalid_token' | 'paid_conflict' | 'failed';
const NAMED_VIEWS: readonly string[] = ['success', 'pending', 'expired', 'invalid_token', 'paid_conflict'];

/** Spec §4: a missing token is invalid at once; a failed call or any status without its own screen is 'other' (retry). */
const resultView = (token: string, failed: boolean, status: string | undefined): ResultView | undefined => {
  if (token === '') return 'invalid_token';
  if (failed) return 'failed';
  if (status === undefined) return undefined;
  return NAMED_VIEWS.includes(status) ? (status as ResultView) : 'failed';
};

/** `/subscribe-payment-result/:token`: where the gateway returns the buyer after paying (spec §2, §4). */
export const PaymentResultPage = () => {
  const { t } = useTranslation('checkout');
  const token = useParams().token ?? '';
  const status = usePaymentStatus(token, {
    enabled: token !== '',
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
  });
  const current = resultView(token, status.isError, status.data?.status);
  const loginInfo = status.data?.loginInfo ?? null;
  const { signIn, isPending } = useSignInAndGoHome(() => notifications.show({ color: 'red', message: t('errors:checkout.retryLoginFailed') }));
  const [secondsLeft, setSecondsLeft] = useState(SUCCESS_COUNTDOWN_SECONDS);
  // WCAG 2.2.1: the buyer may stop the automatic sign-in and go on when ready (Continue).
  const [countdownStopped, setCountdownStopped] = useState(false);
  const signedIn = useRef(false);
  const continueButton = useRef<HTMLButtonElement>(null);
  const stopCountdown = () => {
    setCountdownStopped(true);
    // The button goes away: focus moves on to what is left to do.
    continueButton.current?.focus();
  };

  const continueSignIn = () => {
    if (!loginInfo || signedIn.current) return;
    signedIn.current = true;
    signIn(loginInfo.ticket);
  };

  useEffect(() => {
    if (current !== 'success' || countdownStopped) return;
    const timer = window.setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [current, countdownStopped]);

  useEffect(() => {
    if (current === 'success' && secondsLeft === 0 && !countdownStopped) continueSignIn();
    // continueSignIn is guarded by a ref, so running it once more would change nothing.
  }, [current, secondsLeft, countdownStopped]);

  const goToSignIn = () => pageLocation.assign(`${SIGN_IN_PATH}?locale=zhtw`);

  return (
    <CheckoutLayout title={t('title.result')}>
      {(current === undefined || (status.isFetching && current !== 'pending' && !status.data)) && (
        <Group justify="center" py="xl" data-testid="result-checking">
          <Loader />
          <Text>{t('result.checking')}</Text>
        </Group>
      )}
      {current === 'pending' && (
        <Stack align="center" py="xl" data-testid="result-pending">
          <Loader size="lg" />
          <Title order={2} fz="h3">
            {t('result.processingTitle')}
          </Title>
          <Text>{t('errors:checkout.processing')}</Text>
          <Text size="sm" c="dimmed">
            {t('result.nextCheck')}
          </Text>
        </Stack>
      )}
      <Modal opened={current === 'success'} onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title={t('result.successTitle')} centered styles={TITLE_STYLES}>
        <Stack data-testid="result-success">
          <Text>{countdownStopped ? t('result.countdownStopped') : t('errors:checkout.paymentSuccess', { seconds: secondsLeft })}</Text>
          <Button ref={continueButton} onClick={continueSignIn} loading={isPending} data-autofocus>
            {t('result.continue')}
          </Button>
          {countdownStopped ? null : (
            <Button variant="default" onClick={stopCountdown} disabled={isPending}>
              {t('result.stopCountdown')}
            </Button>
          )}
        </Stack>
      </Modal>
      <Modal opened={current === 'expired' || current === 'invalid_token'} onClose={goToSignIn} title={t(current === 'expired' ? 'result.expiredTitle' : 'result.invalidTitle')} centered styles={TITLE_STYLES}>
        <Stack data-testid={`result-${current ?? ''}`}>
          <Text>{t(current === 'expired' ? 'errors:checkout.sessionExpired' : 'errors:checkout.invalidToken')}</Text>
          <Button onClick={goToSignIn} data-autofocus>
            {t('result.login')}
          </Button>
        </Stack>
      </Modal>
      <Modal opened={current === 'paid_conflict'} onClose={goToSignIn} title={t('result.conflictTitle')} centered styles={TITLE_STYLES}>
        <Stack data-testid="result-paid_conflict">
          <Text>{t('result.conflictBody', { orderNo: status.data?.order_no ?? '' })}</Text>
          <Button onClick={goToSignIn} data-autofocus>
            {t('result.login')}
          </Button>
        </Stack>
      </Modal>
      <Modal opened={current === 'failed'} onClose={() => window.history.back()} title={t('result.failedTitle')} centered styles={TITLE_STYLES}>
        <Stack data-testid="result-failed">
          <Text>{t('errors:checkout.unknownStatus')}</Text>
          <Button onClick={() => void status.refetch()} data-autofocus>
            {t('result.retry')}
          </Button>
        </Stack>
      </Modal>
    </CheckoutLayout>
  );
};
