import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { ERROR_CODES, type ErrorCode, fieldErrors } from '@merchant-hub/validation';
import multer from 'multer';
import { DomainError } from '../domain-error';

/**
 * Every error the API answers with. Each code has one HTTP status, one English message (the spec's text where
 * §8 gives one) and one i18n key the clients translate. The codes themselves are `ErrorCode` in
 * `@merchant-hub/validation`, shared with the clients; a new code is added there and given its spec here.
 */
export type { ErrorCode };

export type ErrorSpec = { status: number; message: string; key: string };

export const errorSpec = (code: ErrorCode): ErrorSpec => {
  switch (code) {
    case 'validation_failed':
      return { status: 400, message: 'Some fields are invalid', key: 'errors:error.validationFailed' };
    case 'bad_request':
      return { status: 400, message: 'The request could not be understood', key: 'errors:error.badRequest' };
    case 'unauthenticated':
      return { status: 401, message: 'Please sign in again', key: 'errors:error.unauthenticated' };
    case 'session_expired':
      return { status: 401, message: 'Your session has expired, please sign in again', key: 'errors:error.sessionExpired' };
    case 'csrf_header_missing':
      return { status: 403, message: 'Missing X-Requested-With header', key: 'errors:error.csrfHeaderMissing' };
    case 'forbidden':
      return { status: 403, message: 'You are not allowed to do this', key: 'errors:error.forbidden' };
    case 'not_found':
      return { status: 404, message: 'Not found', key: 'errors:error.notFound' };
    case 'rate_limited':
      return { status: 429, message: 'Too many requests, please try again later', key: 'errors:error.tooManyRequests' };
    case 'payload_too_large':
      return { status: 413, message: 'Image must smaller than 2MB!', key: 'validation:image.tooLarge' };
    case 'unsupported_file_type':
      return { status: 400, message: 'You can only upgrade JPG/PNG file!', key: 'validation:image.typeInvalid' };
    case 'internal_error':
      return { status: 500, message: 'Something went wrong please try again', key: 'errors:error.somethingWentWrong' };
    case 'invalid_credentials':
      return { status: 401, message: 'Invalid username or password', key: 'errors:error.invalidCredentials' };
    case 'login_refused':
      return { status: 403, message: 'This account cannot sign in to the back office', key: 'errors:error.loginRefused' };
    case 'account_not_activated':
      return { status: 403, message: 'Please activate your account from the link sent to your email', key: 'errors:error.accountNotActivated' };
    case 'otp_banned':
      return { status: 423, message: 'Log in has been locked for a period of time. Come back later', key: 'errors:error.otpBanned' };
    case 'otp_expired':
      return { status: 400, message: 'OTP has been expired. Request a new OTP', key: 'errors:error.otpExpired' };
    case 'otp_invalid':
      return { status: 400, message: 'OTP invalid, Kindly check and fill in the correct OTP again', key: 'errors:error.otpInvalid' };
    case 'otp_required':
      return { status: 403, message: 'Fail to submit OTP', key: 'errors:error.failToSubmitOTP' };
    case 'out_of_credit':
      return {
        status: 403,
        message: 'One of the store(s) is out of store credit {extra_info}. Contact store owner or support for further assistant',
        key: 'errors:error.outOfCredit',
      };
    case 'fail_to_send_email':
      return { status: 502, message: 'Failed to send email.', key: 'errors:error.failedToSendEmail' };
    case 'token_invalid':
      return { status: 404, message: 'This link is invalid or has already been used', key: 'errors:error.tokenInvalid' };
    case 'token_expired':
      return { status: 410, message: 'This link has expired', key: 'errors:error.tokenExpired' };
    case 'email_taken':
      return { status: 409, message: 'This email has already been registered', key: 'errors:register.emailAlreadySignUp' };
    case 'phone_taken':
      return { status: 409, message: 'Phone number already exists', key: 'errors:register.phoneExists' };
    case 'registration_invalid':
      return { status: 422, message: 'Please update your store details', key: 'errors:register.dataError' };
    case 'registration_not_found':
      return { status: 404, message: 'Please update your store details', key: 'errors:register.dataError' };
    case 'trial_attempt_limit':
      return { status: 429, message: 'You have reached the maximum number of attempts. Please resend OTP again', key: 'errors:register.attemptLimit' };
    case 'trial_code_expired':
      return { status: 400, message: 'Your code was expired. Please resend OTP again', key: 'errors:register.codeExpired' };
    case 'trial_code_invalid':
      return { status: 400, message: 'Incorrect OTP entered. Please try again.', key: 'errors:register.otpError' };
    case 'trial_resend_too_soon':
      return { status: 429, message: 'Please try again to resend the OTP', key: 'errors:register.resendOtp' };
    case 'merchant_creation_failed':
      return { status: 422, message: 'Failed, Please contact our support', key: 'errors:error.merchantCreationFailed' };
    case 'must_subscribe':
      return { status: 402, message: 'Please subscribe to a plan to continue', key: 'errors:billing.mustSubscribe' };
    case 'no_valid_card':
      return { status: 402, message: 'You dont have a valid credit card!', key: 'errors:billing.noValidCard' };
    case 'payment_failed':
      return { status: 402, message: 'Payment Failed!', key: 'errors:billing.paymentFailed' };
    case 'authentication_required':
      return { status: 402, message: 'Your bank needs you to authenticate this payment', key: 'errors:billing.authenticationRequired' };
    case 'card_error':
      return { status: 402, message: 'Your card was declined.', key: 'errors:billing.cardError' };
    case 'fpx_payment_failed':
      return { status: 402, message: 'Seems like we received a payment failed status', key: 'errors:billing.fpxPaymentFailed' };
    case 'invoice_already_paid':
      return { status: 409, message: 'It seems like your subscription have already been paid. please contact support', key: 'errors:billing.invoiceAlreadyPaid' };
    case 'upgrade_failed':
      return { status: 409, message: 'Fail to upgrade package', key: 'errors:billing.upgradeFailed' };
    case 'downgrade_failed':
      return { status: 409, message: 'Fail to downgrade package', key: 'errors:billing.downgradeFailed' };
    case 'cancel_trialing_failed':
      return { status: 409, message: 'Fail to cancel trialing package', key: 'errors:billing.cancelTrialingFailed' };
    case 'billing_update_failed':
      return { status: 422, message: 'Fail to update info', key: 'errors:billing.updateFailed' };
    case 'no_subscription':
      return { status: 409, message: 'You have no active plan', key: 'errors:billing.noSubscription' };
    case 'already_subscribed':
      return { status: 409, message: 'You already have an active plan', key: 'errors:billing.alreadySubscribed' };
    case 'already_unsubscribed':
      return { status: 409, message: 'Your plan is already set to end', key: 'errors:billing.planAlreadyEnding' };
    case 'not_resumable':
      return { status: 409, message: 'Your plan is not cancelled, there is nothing to resume', key: 'errors:billing.notResumable' };
    case 'coupon_invalid':
      return { status: 400, message: 'Invalid coupon code', key: 'validation:coupon.invalid' };
    case 'coupon_expired':
      return { status: 400, message: 'This coupon has expired', key: 'errors:billing.couponExpired' };
    case 'coupon_used':
      return { status: 400, message: 'You have already used this coupon', key: 'errors:billing.couponUsed' };
    case 'package_unavailable':
      return { status: 400, message: 'This plan is not available for your account', key: 'errors:billing.packageUnavailable' };
    case 'addon_not_allowed':
      return { status: 409, message: 'The add-on needs an active plan that is not ending', key: 'errors:billing.addOnNotAllowed' };
    case 'amount_too_large':
      return { status: 422, message: 'This amount is larger than any charge we can take. Please contact support', key: 'errors:billing.amountTooLarge' };
    case 'payment_customer_missing':
      return { status: 409, message: 'Your saved payment details are no longer available at our payment provider. Please add your card again.', key: 'errors:billing.customerMissing' };
    case 'card_in_use':
      return { status: 409, message: 'Please set another card as default before deleting this one', key: 'errors:billing.cardInUse' };
    case 'card_already_saved':
      return { status: 409, message: 'This card is already saved on your account', key: 'errors:billing.cardAlreadySaved' };
    case 'checkout_ticket_invalid':
      return { status: 401, message: 'Fail to retry login', key: 'errors:checkout.retryLoginFailed' };
    case 'stale_preview':
      return { status: 409, message: 'The account changed since the preview. Preview again before you confirm.', key: 'errors:staff.stalePreview' };
    case 'approval_own_request':
      return { status: 403, message: 'Another staff member must approve your own request.', key: 'errors:staff.approvalOwnRequest' };
    case 'reason_required':
      return { status: 400, message: 'Please give a reason for this change.', key: 'errors:staff.reasonRequired' };
    case 'idempotency_key_reused':
      return { status: 422, message: 'This Idempotency-Key was already used with a different request.', key: 'errors:staff.idempotencyKeyReused' };
    case 'invoice_not_open':
      return { status: 409, message: 'Only an open invoice can be changed this way.', key: 'errors:staff.invoiceNotOpen' };
    case 'setup_already_complete':
      return { status: 409, message: 'This merchant has already finished setting up; send a password-reset link instead.', key: 'errors:staff.setupAlreadyComplete' };
    case 'approval_not_pending':
      return { status: 409, message: 'This request has already been decided.', key: 'errors:staff.approvalNotPending' };
    case 'coupon_limit_reached':
      return { status: 400, message: 'This coupon has reached its usage limit.', key: 'errors:billing.couponUsedUp' };
    case 'coupon_not_applicable':
      return { status: 400, message: 'This coupon cannot be used for this plan or market.', key: 'errors:catalog.couponNotApplicable' };
    case 'coupon_wrong_currency':
      return { status: 400, message: 'This coupon is not valid for plans in this currency.', key: 'errors:billing.couponWrongCurrency' };
    case 'coupon_already_applied':
      return { status: 400, message: 'This coupon is already applied', key: 'errors:billing.couponAlreadyApplied' };
    case 'addon_payment_pending':
      return { status: 409, message: 'Please retry the unpaid add-on payment first', key: 'errors:billing.addOnPaymentPending' };
    case 'promotion_code_taken':
      return { status: 409, message: 'A promotion code with this code already exists.', key: 'errors:catalog.codeTaken' };
    case 'plan_exists':
      return { status: 409, message: 'This market already has this plan for this billing period.', key: 'errors:catalog.planExists' };
    case 'adjustment_not_reversible':
      return { status: 409, message: 'Only an applied adjustment that has not been reversed can be reversed.', key: 'errors:staff.adjustmentNotReversible' };
    case 'refund_not_allowed':
      return { status: 409, message: 'Only a paid invoice with a payment that can be refunded can be refunded.', key: 'errors:staff.refundNotAllowed' };
    case 'refund_too_large':
      return { status: 422, message: 'The refund is more than what is left to refund on this invoice.', key: 'errors:staff.refundTooLarge' };
    case 'refund_refused':
      return { status: 409, message: 'The payment provider refused the refund.', key: 'errors:staff.refundRefused' };
    case 'refund_gateway_unavailable':
      return { status: 503, message: 'The payment provider could not be reached. The refund stays in progress; try it again later.', key: 'errors:staff.refundGatewayUnavailable' };
    case 'last_superadmin':
      return { status: 409, message: 'The last active superadmin cannot be removed or demoted.', key: 'errors:team.lastSuperadmin' };
    case 'staff_read_only':
      return { status: 403, message: 'Your staff role is read-only: you can look at everything but change nothing.', key: 'errors:team.readOnly' };
    case 'staff_not_deactivated':
      return { status: 409, message: 'Only a deactivated staff member can be reactivated.', key: 'errors:team.notDeactivated' };
    case 'plan_not_cancellable':
      return { status: 409, message: 'There is no active or past-due plan to change this way.', key: 'errors:staff.planNotCancellable' };
    case 'plan_already_ending':
      return { status: 409, message: 'The plan is already set to end at the end of its period.', key: 'errors:staff.planAlreadyEnding' };
    case 'plan_not_past_due':
      return { status: 409, message: 'The plan is not past due, so it has no grace period to extend.', key: 'errors:staff.planNotPastDue' };
    case 'grace_limit_reached':
      return { status: 409, message: 'A grace period cannot reach more than 60 days from today.', key: 'errors:staff.graceLimitReached' };
    case 'billing_day_unavailable':
      return { status: 409, message: 'The billing day can only change on an active plan that is not set to end or change.', key: 'errors:staff.billingDayUnavailable' };
    case 'plan_not_reinstatable':
      return { status: 409, message: 'Only a plan ended by failed payments can be reinstated, within the period it ended in and while no other plan is live.', key: 'errors:staff.planNotReinstatable' };
    case 'charge_in_flight':
      return { status: 409, message: 'A payment for this merchant is under way. Wait for its answer, then preview again.', key: 'errors:staff.chargeInFlight' };
    case 'account_deactivated':
      return { status: 403, message: 'This account has been deactivated.', key: 'errors:team.accountDeactivated' };
    case 'conversation_closed':
      return { status: 409, message: 'This conversation is closed.', key: 'errors:support.conversationClosed' };
    case 'note_limit_reached':
      return { status: 409, message: 'This merchant has as many notes as it can hold; delete an old one first.', key: 'errors:staff.noteLimitReached' };
    case 'tag_limit_reached':
      return { status: 409, message: 'This merchant has as many tags as it can hold; remove one first.', key: 'errors:staff.tagLimitReached' };
    case 'checkout_session_expired':
      return { status: 410, message: 'Your payment session has expired. Please log in to continue.', key: 'errors:checkout.sessionExpired' };
  }
};

/** Every code once, so tests can walk them all. */
export { ERROR_CODES };

export type ErrorOptions = {
  message?: string;
  details?: Record<string, unknown>;
  /** Legacy top-level fields some spec calls carry beside the error (e.g. `otp_data`, `extra_info`). */
  extra?: Record<string, unknown>;
};

/** A {@link DomainError} with what the answer needs: the code's HTTP status and i18n key. */
export class AppError extends DomainError {
  readonly status: number;
  readonly key: string;
  readonly extra?: Record<string, unknown>;

  constructor(code: ErrorCode, options: ErrorOptions = {}) {
    const spec = errorSpec(code);
    super(code, { message: options.message ?? spec.message, details: options.details });
    this.name = 'AppError';
    this.status = spec.status;
    this.key = spec.key;
    this.extra = options.extra;
  }
}

export { DomainError };

export type ErrorBody = {
  error: { code: ErrorCode; message: string; key: string; details?: Record<string, unknown> };
  message: string;
  key: string;
  [legacy: string]: unknown;
};

export const errorBody = (error: AppError): ErrorBody => ({
  ...(error.extra ?? {}),
  error: { code: error.code, message: error.message, key: error.key, ...(error.details ? { details: error.details } : {}) },
  message: error.message,
  key: error.key,
});

export const validationError = (fields: Record<string, string>): AppError =>
  new AppError('validation_failed', { details: { fields } });

const MESSAGE_KEY = /^(common|errors|validation):[A-Za-z]\w*(\.[A-Za-z]\w*)+$/;

/** A schema check that names no message key (zod's English default) still reaches the client as one it can translate. */
const translatableFields = (fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, MESSAGE_KEY.test(message) ? message : 'validation:common.invalidInput']));

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(new AppError('not_found'));

/** The one place an error becomes a response; unknown errors are logged and answered without detail. */
export const errorMiddleware: ErrorRequestHandler = (err, req, res, _next) => {
  let appError: AppError;
  if (err instanceof AppError) appError = err;
  else if (err instanceof DomainError) appError = new AppError(err.code, { message: err.ownMessage, details: err.details });
  else if (err instanceof ZodError) appError = validationError(translatableFields(fieldErrors(err)));
  else if (err instanceof multer.MulterError) {
    appError = err.code === 'LIMIT_FILE_SIZE' ? new AppError('payload_too_large', { details: { fields: { [err.field ?? 'file']: 'validation:image.tooLarge' } } }) : new AppError('bad_request');
  } else if (isClientHttpError(err)) appError = new AppError(err.status === 413 ? 'payload_too_large' : err.status === 404 ? 'not_found' : 'bad_request');
  // Only input can make URI coding throw (a lone surrogate, a broken `%` escape): the request is at fault.
  else if (err instanceof URIError) appError = new AppError('bad_request');
  else {
    req.log?.error({ err }, 'unhandled error');
    appError = new AppError('internal_error');
  }
  if (res.headersSent) return;
  if (isPageNavigation(req)) {
    res.redirect(303, pageForFailedNavigation(req, appError));
    return;
  }
  res.status(appError.status).json(errorBody(appError));
};

/**
 * A person's browser opening the address (a link in an e-mail or on a page, the address bar), not the apps'
 * fetches or a script: browsers say so in Sec-Fetch-Mode, older ones by preferring HTML to JSON.
 */
const isPageNavigation = (req: Request): boolean => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const mode = req.get('sec-fetch-mode');
  if (mode !== undefined) return mode === 'navigate';
  return req.accepts(['json', 'html']) === 'html';
};

/**
 * Where an opened page that failed sends its reader instead of showing raw JSON (issue 31 #2): signed out, to
 * sign-in and back to the same address afterwards; otherwise to the back office's not-found or error page.
 * Paths only, so the browser stays on the origin it used.
 */
const pageForFailedNavigation = (req: Request, error: AppError): string => {
  if (error.status === 401) return `/signin?from=${encodeURIComponent(req.originalUrl)}`;
  if (error.status === 403 || error.status === 404) return '/session/404';
  return '/session/500';
};

/**
 * A 4xx from Express or its parsers (http-errors): a body that is not JSON or not the gzip it claims, an
 * unsupported encoding or charset, a path whose `%` escape decodes to nothing, a static file refused.
 */
const isClientHttpError = (err: unknown): err is { status: number } => {
  if (typeof err !== 'object' || err === null) return false;
  const status = (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};
