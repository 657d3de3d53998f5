import type { ReactNode } from 'react';
import { RequireAuth, type RouteObject } from '@portal/shared';
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

const REGISTRATION = '/kreiraj-nalog';
const FORGOT = '/zaboravljena-lozinka';

/** The registration wizard's table (spec 4): the steps a screen accepts and the step it records. */
function registrationStep(path: string, accepts: number[], sets: number | null, element: ReactNode, start = REGISTRATION): RouteObject {
  const record = sets === null ? undefined : () => registration.setStep(sets);
  // Keyed by path, so moving between screens never reuses another screen's check.
  return { path, element: <StepGuard key={path} step={registration.step} accepts={accepts} sets={record} start={start}>{element}</StepGuard> };
}

/** The forgotten-password wizard: steps 1 request, 2 code, 3 new password; out of order goes to its start. */
function forgotStep(path: string, accepts: number[], element: ReactNode): RouteObject {
  return { path, element: <StepGuard key={path} step={forgotPassword.step} accepts={accepts} start={FORGOT}>{element}</StepGuard> };
}

/** Onboarding pages, mounted by the host under `/kreiraj-nalog`, `/zaboravljena-lozinka` and the subscribe prefixes. */
export const routes: RouteObject[] = [
  { path: REGISTRATION, element: <RegistrationStart /> },
  registrationStep(`${REGISTRATION}/broj-telefona`, [1, 2], 2, <ContactStep type="PHONE_NUMBER" />),
  registrationStep(`${REGISTRATION}/e-mail`, [1, 2], 2, <ContactStep type="EMAIL" />),
  registrationStep(`${REGISTRATION}/potvrdi-broj-telefona`, [2, 3], 3, <ConfirmCodeStep />),
  registrationStep(`${REGISTRATION}/potvrdi-e-mail`, [2, 3], 3, <ConfirmCodeStep />),
  registrationStep(`${REGISTRATION}/kreiraj-lozinku`, [3, 4], 4, <PasswordStep />),
  registrationStep(`${REGISTRATION}/licni-podaci`, [4, 5], 5, <PersonalDataStep />),
  registrationStep(`${REGISTRATION}/registracija-uspjesna`, [5], null, <RegistrationDone />, '/nalog'),
  { path: FORGOT, element: <ForgotStart /> },
  forgotStep(`${FORGOT}/resetovanje-kod-potvrda-email`, [2], <ForgotCode channel="EMAIL" />),
  forgotStep(`${FORGOT}/resetovanje-kod-potvrda-broj-telefona`, [2], <ForgotCode channel="PHONE_NUMBER" />),
  forgotStep(`${FORGOT}/resetovanje-zaboravljene-lozinke`, [3], <ForgotReset />),
  { path: `${FORGOT}/resetovanje-lozinke-uspjesno`, element: <ForgotDone /> },
  { path: '/pretplati-se', element: <SubscribePage /> },
  { path: '/potvrdi-pretplatu', element: <ConfirmPage /> },
  { path: '/pretplata-uspjesna', element: <RequireAuth><SubscribedPage /></RequireAuth> },
  { path: '/pretplata-greska', element: <RequireAuth><SubscribeFailedPage /></RequireAuth> },
];
