import { OAUTH2_PATH } from '../../config';
import type { ConsolePlugin } from '../types';

/**
 * OAuth2 sign-in: adds /oauth2 (white-listed; also named login) where the authorization-code flow
 * starts and ends. The provider is configured on the server (OAUTH2_* environment).
 */
const oauth2: ConsolePlugin = {
  name: 'oauth2',
  routes: [{ path: OAUTH2_PATH, names: ['oauth2', 'login'], public: true, load: () => import('./OAuth2Page') }],
  loginLinks: [
    {
      path: OAUTH2_PATH,
      labelKey: 'oauth2.title',
      icon: 'pi pi-sign-in',
      // Only where the back end has a provider configured (the real back end has no such call: hidden).
      available: (login) => login.oauth2Available(),
      early: 'api/oauth2/config/',
    },
  ],
};

export default oauth2;
