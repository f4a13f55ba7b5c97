import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_ROUTES } from '@referwell/shared/routes';
import {
  authFormQuerySchema,
  dashboardPathFor,
  hasNulByte,
  loginFormBodySchema,
  loginRequestSchema,
  safeReturnTo,
  signupFormBodySchema,
  signupRequestSchema,
  type AuthFormError,
  type LoginRequest,
  type SessionUser,
  type SignupInput,
  type SignupRequest,
} from '@referwell/shared';
import { errorResponses, isAppError } from '../../lib/errors';
import { acceptFormPosts } from '../../lib/form-posts';

/** A login or sign-up form post is a few hundred bytes. */
const FORM_BODY_LIMIT = 8 * 1024;

/** What the form routes need from the auth routes: the same services and session start as the JSON API. */
export interface AuthFormSteps {
  /** The user signed in, or 'two-factor': the password was right and the code is asked next (no session yet). */
  login(
    request: FastifyRequest,
    reply: FastifyReply,
    credentials: LoginRequest,
  ): Promise<SessionUser | null | 'two-factor'>;
  /** The new account signed in (a team invitation), or 'mailed': "check your e-mail", whether or not it is taken. */
  signup(request: FastifyRequest, reply: FastifyReply, input: SignupInput): Promise<SessionUser | null | 'mailed'>;
  /** Refuses a post another site made (login CSRF). */
  checkOrigin(request: FastifyRequest): void;
}

/** Back to the page the form was on, with its query (returnTo, role) and the refusal's code. */
function backWith(request: FastifyRequest, page: string, code: AuthFormError): string {
  const query = new URL(request.url, 'http://form.local').searchParams;
  query.set('error', code);
  return `/${page}?${query.toString()}`;
}

/** Where a signed-in person goes: back where they set out from, else their dashboard. */
function afterwards(request: FastifyRequest, user: SessionUser | null): string {
  const { returnTo } = request.query as { returnTo?: string };
  return safeReturnTo(returnTo) ?? (user ? dashboardPathFor(user.type) : '/');
}

/** The form's fields as the sign-up request the JSON API takes: a company name creates a company, else its code joins. */
function signupRequestOf(
  body: Record<string, string | undefined>,
  query: { returnTo?: string; job?: string },
): SignupRequest {
  const { name = '', email = '', password = '', role = '', companyName, companyType, inviteCode } = body;
  const job = role === 'jobseeker' ? query.job : undefined;
  const base = { name, email, password, role: role as SignupRequest['role'], returnTo: query.returnTo, job };
  if (role === 'companyHR') {
    // The form's choice when it showed one (its version for the role, ADR 0007), else a company name creates one.
    const creates =
      companyType === 'create' || companyType === 'join' ? companyType === 'create' : !!companyName?.trim();
    return creates
      ? { ...base, companyType: 'create', companyName: companyName ?? '' }
      : { ...base, companyType: 'join', inviteCode };
  }
  return { ...base, inviteCode };
}

/** The refusal's code for an error of the login or sign-up service; anything else is not the person's to fix. */
function refusalOf(error: unknown, kind: 'login' | 'signup'): AuthFormError | null {
  if (isAppError(error, 429)) return 'rate-limited';
  if (isAppError(error, 'PRELAUNCH')) return 'prelaunch';
  if (isAppError(error, 'SSO_REQUIRED')) return 'sso-required';
  if (isAppError(error, 'PASSKEY_REQUIRED')) return 'passkey-required';
  if (kind === 'login') return isAppError(error, 401) ? 'credentials' : isAppError(error, 400) ? 'invalid' : null;
  if (!isAppError(error, 400)) return null;
  if (error.fields?.inviteCode) return 'signup-code';
  if (error.fields?.password) return 'signup-password';
  return 'signup-invalid';
}

const formDescription =
  'Accepts application/x-www-form-urlencoded (the page before its script runs) and answers 303: to the returnTo of ' +
  'the query (or the dashboard) with the session cookie set, or back to the page with ?error=<code>; a sign-up ' +
  '(other than a team invitation) answers 303 to /signup/sent, "check your e-mail", whether or not the address has ' +
  'an account. Same services, rules and rate limits as the JSON route; a post from another site (Sec-Fetch-Site) is refused.';

/**
 * POST /login and POST /signup: the login and sign-up pages' forms posted as plain HTML (ADR 0017), at the pages' own
 * addresses, outside /api: a same-origin form post under our no-referrer policy carries `Origin: null`, which the API's
 * guard refuses; these check Sec-Fetch-Site instead (assertSameOriginFormPost).
 */
export function authFormRoutes(steps: AuthFormSteps): FastifyPluginAsyncZod {
  return async (forms) => {
    acceptFormPosts(forms, FORM_BODY_LIMIT);

    forms.post(
      `/${APP_ROUTES.login}`,
      {
        config: { access: 'visitor' },
        schema: {
          tags: ['auth'],
          summary: 'Log in with a plain HTML form post',
          description: formDescription,
          consumes: ['application/x-www-form-urlencoded'],
          querystring: authFormQuerySchema,
          body: loginFormBodySchema,
          response: errorResponses(400, 415),
        },
      },
      async (request, reply) => {
        try {
          steps.checkOrigin(request);
        } catch {
          return reply.redirect(backWith(request, APP_ROUTES.login, 'refused'), 303);
        }
        const credentials = loginRequestSchema.safeParse(request.body);
        if (!credentials.success || hasNulByte(request.body))
          return reply.redirect(backWith(request, APP_ROUTES.login, 'invalid'), 303);
        try {
          const user = await steps.login(request, reply, credentials.data);
          if (user === 'two-factor') {
            const { returnTo } = request.query as { returnTo?: string };
            const safe = safeReturnTo(returnTo);
            const query = safe ? `?${new URLSearchParams({ returnTo: safe }).toString()}` : '';
            return reply.redirect(`/${APP_ROUTES.loginTwoFactor}${query}`, 303);
          }
          return reply.redirect(afterwards(request, user), 303);
        } catch (error) {
          const code = refusalOf(error, 'login');
          if (!code) throw error;
          return reply.redirect(backWith(request, APP_ROUTES.login, code), 303);
        }
      },
    );

    forms.post(
      `/${APP_ROUTES.signup}`,
      {
        config: { access: 'visitor' },
        schema: {
          tags: ['auth'],
          summary: 'Create an account with a plain HTML form post',
          description: formDescription,
          consumes: ['application/x-www-form-urlencoded'],
          querystring: authFormQuerySchema,
          body: signupFormBodySchema,
          response: errorResponses(400, 415),
        },
      },
      async (request, reply) => {
        try {
          steps.checkOrigin(request);
        } catch {
          return reply.redirect(backWith(request, APP_ROUTES.signup, 'refused'), 303);
        }
        const input = signupRequestSchema.safeParse(signupRequestOf(request.body, request.query));
        if (!input.success || hasNulByte(request.body)) {
          const password = !input.success && input.error.issues.some((issue) => issue.path[0] === 'password');
          return reply.redirect(
            backWith(request, APP_ROUTES.signup, password ? 'signup-password' : 'signup-invalid'),
            303,
          );
        }
        try {
          const result = await steps.signup(request, reply, input.data);
          // The same "check your e-mail" page whether or not the address has an account: nothing is told.
          if (result === 'mailed') return reply.redirect(`/${APP_ROUTES.signupSent}`, 303);
          return reply.redirect(afterwards(request, result), 303);
        } catch (error) {
          const code = refusalOf(error, 'signup');
          if (!code) throw error;
          return reply.redirect(backWith(request, APP_ROUTES.signup, code), 303);
        }
      },
    );
  };
}
