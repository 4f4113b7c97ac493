import type { SubscriptionControl, SubscriptionControlFields, SubscriptionControlPreview, SubscriptionControlResult } from '@merchant-hub/validation';
import { IDEMPOTENCY_KEY_HEADER } from '@merchant-hub/validation';
import type { HttpClient } from '../http-client';
import { responseOf } from '../response-schemas';
import { type Idempotent, newIdempotencyKey } from './staff.api';

// Staff subscription controls (issue 27 capability 3): preview, then commit with the preview's token and a reason.

export const previewSubscriptionControl = (http: HttpClient, userId: number, control: SubscriptionControl, input: SubscriptionControlFields): Promise<SubscriptionControlPreview> =>
  http.post(`/staff/merchants/${userId}/subscription/${control}/preview`, input, { schema: responseOf('POST /staff/merchants/:userId/subscription/:control/preview') });

export const commitSubscriptionControl = (
  http: HttpClient,
  userId: number,
  control: SubscriptionControl,
  input: SubscriptionControlFields & { preview_token: string } & Idempotent,
): Promise<SubscriptionControlResult> => {
  const { idempotencyKey, ...body } = input;
  return http.post(`/staff/merchants/${userId}/subscription/${control}`, body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey ?? newIdempotencyKey() },
    schema: responseOf('POST /staff/merchants/:userId/subscription/:control'),
  });
};
