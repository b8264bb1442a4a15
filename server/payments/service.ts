/**
 * The portal's payment service: everything a route, a JSON API or the assistant does with a
 * payment goes through these functions, one module per job in server/payments/service/.
 * Framework-free; typed input, typed results.
 *
 *   options.ts       checkoutOptionsFor: what the file may pay now, with which methods, at which fee
 *   start.ts         createPayment: idempotent by (file, idempotency key); writes the portal order; asks the provider
 *   provider.ts      the configured provider; syncPayment asks it for the status (the browser's return, a
 *                    page reload) and books once; receiveWebhook verifies the signature on the raw body, then
 *                    the same idempotent step
 *   under-way.ts     the payments under way, the awaited transfers a newer payment supersedes, cancelPayment
 *                    (the debtor leaves the provider's page and chooses again)
 *   instructions.ts  the remittance text, the transfer details or cash slip, the Swiss QR-bill, the details by mail
 *   reads.ts         a payment of the file, the file's latest payment
 *   feedback.ts      feedback after paying or leaving
 *
 * Callers import the module of the job. What is left here is the webhook's page form, which
 * app/lib/webhook.server.ts imports by this path.
 */
export { receiveWebhookForPage } from './service/provider.ts';
