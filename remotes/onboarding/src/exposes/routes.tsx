import type { ReactNode } from 'react';
import { RequireAuth, type RouteObject, paths } from '@portal/shared';
import { RegistrationStart } from '../registration/RegistrationStart';
import { ContactStep } from '../registration/ContactStep';
import { ConfirmCodeStep } from '../registration/ConfirmCodeStep';
import { PasswordStep } from '../registration/PasswordStep';
import { PersonalDataStep } from '../registration/PersonalDataStep';
import { RegistrationDone } from '../registration/RegistrationDone';
import { ForgotStart } from '../forgot/ForgotStart';
import { ForgotCode } from '../forgot/ForgotCode';
import { ForgotReset } from '../forgot/ForgotReset';
import { ForgotDone } from '../forgot/ForgotDone';
import { StepGuard } from '../wizard/StepGuard';
import { SubscribePage } from '../subscribe/SubscribePage';
import { ConfirmPage } from '../subscribe/ConfirmPage';
import { SubscribeFailedPage, SubscribedPage } from '../subscribe/ResultPages';
import { forgotPassword, registration } from '../wizard/storage';


/** The registration wizard's table (product.md §4): the steps a screen accepts and the step it records. */
function registrationStep(path: string, accepts: number[], sets: number | null, element: ReactNode, start: string = paths.register.path): RouteObject {
  const record = sets === null ? undefined : () => registration.setStep(sets);
  // Keyed by path, so moving between screens never reuses another screen's check.
  return { path, element: <StepGuard key={path} step={registration.step} accepts={accepts} sets={record} start={start}>{element}</StepGuard> };
}

/** The forgotten-password wizard: steps 1 request, 2 code, 3 new password; out of order goes to its start. */
function forgotStep(path: string, accepts: number[], element: ReactNode): RouteObject {
  return { path, element: <StepGuard key={path} step={forgotPassword.step} accepts={accepts} start={paths.forgotPassword.path}>{element}</StepGuard> };
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
  { path: paths.forgotPassword.path, element: <ForgotStart /> },
  forgotStep(paths.forgotCodeEmail.path, [2], <ForgotCode channel="EMAIL" />),
  forgotStep(paths.forgotCodePhone.path, [2], <ForgotCode channel="PHONE_NUMBER" />),
  forgotStep(paths.forgotReset.path, [3], <ForgotReset />),
  { path: paths.forgotDone.path, element: <ForgotDone /> },
  { path: paths.subscribe.path, element: <SubscribePage /> },
  { path: paths.confirmSubscription.path, element: <ConfirmPage /> },
  { path: paths.subscribed.path, element: <RequireAuth><SubscribedPage /></RequireAuth> },
  { path: paths.subscribeFailed.path, element: <RequireAuth><SubscribeFailedPage /></RequireAuth> },
];
