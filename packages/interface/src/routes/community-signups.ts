/** `community/v1`: self-registration (signups) and their activation. */
import { arg, contextArg, includeArg, orderArg, requiredArg } from '../args.js';
import type { ContractArg, ContractRoute } from '../types.js';
import { COMMUNITY_NAMESPACE } from './community-namespace.js';

/** How a signup is named in a path: a signup ID, an e-mail address or a user_login. */
const SIGNUP_ID = String.raw`(?P<id>[\w-]+)`;
const SIGNUP_CONTEXTS = ['view', 'edit'];

function signupIdArg(): ContractArg {
  return arg({ type: 'string' }, 'Identifier for the signup: a signup ID, an e-mail address or a user_login.');
}

function signupRoute(route: string, endpoints: ContractRoute['endpoints']): ContractRoute {
  return { route, namespace: COMMUNITY_NAMESPACE, endpoints };
}

// `/signup/form` comes before `/signup/{id}`: `form` matches `[\w-]+` too, and WordPress takes the first match.
export const SIGNUP_ROUTES: ContractRoute[] = [
  signupRoute('/community/v1/signup/form', [{ methods: ['GET'], args: {} }]),
  signupRoute('/community/v1/signup', [
    {
      methods: ['GET'],
      args: {
        context: contextArg(SIGNUP_CONTEXTS),
        number: arg({ type: 'integer', default: 1 }, 'Total number of signups to return.'),
        offset: arg({ type: 'integer', default: 0 }, 'Offset the result set by a specific number of items.'),
        include: includeArg(),
        order: orderArg(),
        orderby: arg({ type: 'string', default: 'signup_id' }, 'Order by a specific parameter.'),
        user_login: arg({ type: 'string', default: '' }, 'Limit results to the signup with this user_login.'),
      },
    },
    {
      methods: ['POST'],
      args: {
        signup_email: requiredArg({ type: 'string' }, 'The email address of the new account.'),
        signup_password: requiredArg({ type: 'string' }, 'The password of the new account.'),
      },
    },
  ]),
  signupRoute(`/community/v1/signup/${SIGNUP_ID}`, [
    { methods: ['GET'], args: { id: signupIdArg(), context: contextArg(SIGNUP_CONTEXTS) } },
    { methods: ['DELETE'], args: { id: signupIdArg(), context: contextArg(SIGNUP_CONTEXTS, 'edit') } },
  ]),
  signupRoute(`/community/v1/signup/activate/${SIGNUP_ID}`, [
    {
      methods: ['POST', 'PUT', 'PATCH'],
      args: { id: signupIdArg(), context: contextArg(SIGNUP_CONTEXTS, 'edit') },
    },
  ]),
];
