import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createPublicClient, http, type PublicClient } from 'viem';
import { invoiceEndpoints } from '../shared/contract/invoices';
import { registerAddressLoginRoutes } from './sign-in/address-login-routes';
import { createBilling } from './billing/billing';
import { registerBillingRoutes } from './billing/billing-routes';
import { registerStripeWebhookRoutes } from './billing/stripe-webhook-routes';
import { billingEndpoints } from '../shared/contract/billing';
import { registerValidateAddressRoutes } from './addresses/validate-address-routes';
import { csrfProtection } from './auth/csrf';
import { registerGoogleLoginRoutes } from './sign-in/google-login-routes';
import { createOidcClient } from './auth/oidc-userinfo';
import { sessionMiddleware } from './auth/session';
import { registerSessionRoutes } from './auth/session-routes';
import { registerWalletLoginRoutes } from './sign-in/wallet-login-routes';
import { notFound, payloadTooLarge } from './http/api-error';
import type { AppEnv } from './http/app-env';
import { compressResponses } from './http/compress-responses';
import { errorHandler } from './http/error-handler';
import { answerMethodNotAllowed } from './http/method-not-allowed';
import { contentSecurityPolicy, securityHeaders } from './http/security-headers';
import { jsonRequestBodies } from './http/validation';
import { createLogger } from './logging/logger';
import { registerContactRoutes } from './contacts/contact-routes';
import { registerDocumentRoutes } from './documents/document-routes';
import { registerReportRoutes } from './documents/report-routes';
import { registerExchangeRoutes } from './exchanges/exchange-routes';
import { createFtcPartner } from './ftc/create-ftc-partner';
import { registerFtcRoutes } from './ftc/ftc-routes';
import { ftcWidgetOrigins } from './ftc/ftc-widget';
import { registerFtcWebhookRoutes } from './ftc/ftc-webhook-routes';
import { createPaymentTokens } from './invoices/invoice-payment';
import { registerInvoicePdfRoutes } from './invoices/invoice-pdf-routes';
import { registerInvoiceRoutes } from './invoices/invoice-routes';
import { registerHoldingsRoutes } from './holdings/holdings-routes';
import { createJobDispatch } from './jobs/job-dispatch';
import { registerLabelRoutes } from './labels/label-routes';
import { registerMarketRoutes } from './market/market-routes';
import { registerTokenLogoRoutes } from './market/token-logo-routes';
import { createMarketServices } from './market/market-services';
import { registerNftRoutes } from './nft/nft-routes';
import { createPaymentDeps } from './payments/payment-deps';
import { registerPaymentRoutes } from './invoices/pay-invoice-routes';
import { registerPlanRoutes } from './plans/plan-routes';
import { registerPortfolioRoutes } from './portfolio/portfolio-routes';
import { registerPublicConfigRoutes } from './public-config/public-config-routes';
import { registerSearchRoutes } from './search/search-routes';
import type { AppDeps, Services } from './services';
import { staticFiles } from './static/static-files';
import { registerTransactionRoutes } from './transactions/transaction-routes';
import { registerUserRoutes } from './users/user-routes';
import { registerWalletRoutes } from './wallets/wallet-routes';

export type { AppDeps } from './services';

/** API answers smaller than this are sent uncompressed: the encoding would save next to nothing. */
export const API_COMPRESS_MIN_BYTES = 1024;
/** Request bodies above this size are refused with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Invoice saves carry attachments (10,000,000 bytes at most once decoded, sent base64 in data URLs). */
export const MAX_INVOICE_BODY_BYTES = 14 * 1024 * 1024;

const isInvoiceSave = (method: string, path: string): boolean =>
  (method === 'POST' && path === invoiceEndpoints.createInvoice.path) || (method === 'PATCH' && path.startsWith(`${invoiceEndpoints.createInvoice.path}/`));

function resolveServices(deps: AppDeps): Services {
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const rpcClient: PublicClient | undefined =
    deps.rpcClient ??
    (deps.config.ethereumRpcUrl === undefined
      ? undefined
      : createPublicClient({ transport: http(deps.config.ethereumRpcUrl, { timeout: 10_000 }) }));
  const base = {
    db: deps.db,
    config: deps.config,
    now: deps.now ?? (() => new Date()),
    fetch: fetchImpl,
    logger: deps.logger ?? createLogger(deps.config.logLevel),
    jobs: deps.jobs ?? createJobDispatch(),
  };
  const market = createMarketServices(base);
  return {
    ...base,
    oidc: createOidcClient({ issuer: deps.config.oidcIssuer, tokeninfoUrl: deps.config.googleTokeninfoUrl, fetch: fetchImpl }),
    rpcClient,
    billing: createBilling(deps.config.billing, fetchImpl),
    market,
    paymentTokens: createPaymentTokens(market.tokens, deps.config),
    payments: createPaymentDeps({ db: base.db, logger: base.logger, now: base.now, config: base.config, jobs: base.jobs, prices: market.prices }),
    ftcPartner: createFtcPartner(base),
  };
}

/** The whole HTTP application: the JSON API under /api and the built PWA beside it. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const s = resolveServices(deps);
  const app = new Hono<AppEnv>();

  app.use(
    '*',
    securityHeaders({
      csp: contentSecurityPolicy({ oidcIssuer: s.config.oidcIssuer, frameSources: ftcWidgetOrigins(s.config) }),
      https: s.config.secureCookies,
    }),
  );
  app.use('/api/*', compressResponses(API_COMPRESS_MIN_BYTES));
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw payloadTooLarge();
      },
    });
  const bodyLimits = { default: limitBody(MAX_BODY_BYTES), invoice: limitBody(MAX_INVOICE_BODY_BYTES) };
  app.use('/api/*', (c, next) => (isInvoiceSave(c.req.method, c.req.path) ? bodyLimits.invoice : bodyLimits.default)(c, next));
  // Stripe's webhook is verified by its signature over the raw body instead: no JSON, CSRF or session checks.
  const exceptWebhook = (middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> => (c, next) =>
    c.req.path === billingEndpoints.stripeWebhook.path ? next() : middleware(c, next);
  app.use('/api/*', exceptWebhook(jsonRequestBodies));
  // The partner's webhook is signed, not sent by a browser: it is answered before the CSRF and session checks.
  registerFtcWebhookRoutes(app, s);
  app.use('/api/*', exceptWebhook(csrfProtection(s.config.secretKey)));
  app.use('/api/*', exceptWebhook(sessionMiddleware(s)));

  registerPublicConfigRoutes(app, s);
  registerSessionRoutes(app, s);
  registerAddressLoginRoutes(app, s);
  registerWalletLoginRoutes(app, s);
  registerGoogleLoginRoutes(app, s);
  registerUserRoutes(app, s);
  registerValidateAddressRoutes(app, s);
  registerPlanRoutes(app, s);
  registerBillingRoutes(app, s);
  registerStripeWebhookRoutes(app, s);
  registerWalletRoutes(app, s);
  registerExchangeRoutes(app, s);
  registerHoldingsRoutes(app, s);
  registerNftRoutes(app, s);
  registerPortfolioRoutes(app, s);
  registerTransactionRoutes(app, s);
  registerMarketRoutes(app, s);
  registerTokenLogoRoutes(app, s);
  registerContactRoutes(app, s);
  registerDocumentRoutes(app, s);
  registerReportRoutes(app, s);
  registerLabelRoutes(app, s);
  registerInvoiceRoutes(app, s);
  registerInvoicePdfRoutes(app, s);
  registerPaymentRoutes(app, s);
  registerSearchRoutes(app, s);
  registerFtcRoutes(app, s);
  answerMethodNotAllowed(app);

  app.all('/api/*', () => {
    throw notFound();
  });
  const serveStatic = staticFiles({ staticDir: s.config.staticDir, oidcIssuer: s.config.oidcIssuer, frameSources: ftcWidgetOrigins(s.config) });
  app.get('*', (c, next) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) throw notFound();
    return serveStatic(c, next);
  });
  app.notFound((c) =>
    c.req.path === '/api' || c.req.path.startsWith('/api/')
      ? c.json({ detail: 'Not found.' }, 404)
      : c.text('Not found.', 404),
  );
  app.onError(errorHandler(s.logger));
  return app;
}
