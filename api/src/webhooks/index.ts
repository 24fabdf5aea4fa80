// The webhooks domain as other packages (tests, the readme's example runner) use it: raising an
// event, the signed attempt, the retry schedule.
export { enqueueWebhook, webhookBody, type WebhookEvent, type WebhookEvents, type WebhookType } from './events';
export { eventPoster, webhookTarget, type AttemptOutcome, type WebhookTarget } from './send';
export { nextWebhookAttemptAt, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY } from './schedule';
