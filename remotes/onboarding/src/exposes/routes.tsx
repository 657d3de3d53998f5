import type { ReactNode } from 'react';
import { RequireAuth, lazyPage, type RouteObject, paths, withFallback } from '@portal/shared';
import { RegistrationStart } from '../registration/RegistrationStart';
import { ContactStep } from '../registration/ContactStep';
import { ConfirmCodeStep } from '../registration/ConfirmCodeStep';
import { PasswordStep } from '../registration/PasswordStep';
import { PersonalDataStep } from '../registration/PersonalDataStep';
import { RegistrationDone } from '../registration/RegistrationDone';
import { StepGuard } from '../wizard/StepGuard';
import { forgotPassword, registration } from '../wizard/storage';

// Registration comes with the routes; the forgotten-password pages and the subscribe pages (with the
// payment dialogs) are one chunk each, fetched on the first visit of one of them.
const ForgotStart = lazyPage(() => import(/* webpackChunkName: "forgot" */ '../forgot/ForgotStart'), 'ForgotStart');
const ForgotCode = lazyPage(() => import(/* webpackChunkName: "forgot" */ '../forgot/ForgotCode'), 'ForgotCode');
const ForgotReset = lazyPage(() => import(/* webpackChunkName: "forgot" */ '../forgot/ForgotReset'), 'ForgotReset');
const ForgotDone = lazyPage(() => import(/* webpackChunkName: "forgot" */ '../forgot/ForgotDone'), 'ForgotDone');
const SubscribePage = lazyPage(
  () => import(/* webpackChunkName: "subscribe" */ '../subscribe/SubscribePage'),
  'SubscribePage',
);
const ConfirmPage = lazyPage(
  () => import(/* webpackChunkName: "subscribe" */ '../subscribe/ConfirmPage'),
  'ConfirmPage',
);
const resultPages = () => import(/* webpackChunkName: "subscribe" */ '../subscribe/ResultPages');
const SubscribedPage = lazyPage(resultPages, 'SubscribedPage');
const SubscribeFailedPage = lazyPage(resultPages, 'SubscribeFailedPage');

/** The registration wizard's table (product.md §4): the steps a screen accepts and the step it records. */
function registrationStep(
  path: string,
  accepts: number[],
  sets: number | null,
  element: ReactNode,
  start: string = paths.register.path,
): RouteObject {
  const record = sets === null ? undefined : () => registration.setStep(sets);
  // Keyed by path, so moving between screens never reuses another screen's check.
  return {
    path,
    element: (
      <StepGuard key={path} step={registration.step} accepts={accepts} sets={record} start={start}>
        {element}
      </StepGuard>
    ),
  };
}

/** The forgotten-password wizard: steps 1 request, 2 code, 3 new password; out of order goes to its start. */
function forgotStep(path: string, accepts: number[], element: ReactNode): RouteObject {
  return {
    path,
    element: (
      <StepGuard key={path} step={forgotPassword.step} accepts={accepts} start={paths.forgotPassword.path}>
        {withFallback(element)}
      </StepGuard>
    ),
  };
}

/** Onboarding pages, mounted by the host under `/kreiraj-nalog`, `/zaboravljena-lozinka` and the subscribe prefixes. */
export const routes: RouteObject[] = [
  { path: paths.register.path, element: <RegistrationStart /> },
  registrationStep(paths.registerPhone.path, [1, 2], 2, <ContactStep type="PHONE_NUMBER" />),
  registrationStep(paths.registerEmail.path, [1, 2], 2, <ContactStep type="EMAIL" />),
  registrationStep(paths.confirmPhone.path, [2, 3], 3, <ConfirmCodeStep />),
  registrationStep(paths.confirmEmail.path, [2, 3], 3, <ConfirmCodeStep />),
  registrationStep(paths.createPassword.path, [3, 4], 4, <PasswordStep />),
  registrationStep(paths.personalData.path, [4, 5], 5, <PersonalDataStep />),
  registrationStep(paths.registered.path, [5], null, <RegistrationDone />, paths.account.path),
  { path: paths.forgotPassword.path, element: withFallback(<ForgotStart />) },
  forgotStep(paths.forgotCodeEmail.path, [2], <ForgotCode channel="EMAIL" />),
  forgotStep(paths.forgotCodePhone.path, [2], <ForgotCode channel="PHONE_NUMBER" />),
  forgotStep(paths.forgotReset.path, [3], <ForgotReset />),
  { path: paths.forgotDone.path, element: withFallback(<ForgotDone />) },
  { path: paths.subscribe.path, element: withFallback(<SubscribePage />) },
  { path: paths.confirmSubscription.path, element: withFallback(<ConfirmPage />) },
  { path: paths.subscribed.path, element: <RequireAuth>{withFallback(<SubscribedPage />)}</RequireAuth> },
  { path: paths.subscribeFailed.path, element: <RequireAuth>{withFallback(<SubscribeFailedPage />)}</RequireAuth> },
];
