/**
 * Spec section 7, the Account calls (issue 17), one module per capability (decision 085, as the
 * Zahlung and Portal calls): signing in and out, the password, the profile, the debtor's other
 * files, and the checks of what a client typed. This list keeps the spec's order, which the
 * OpenAPI document follows.
 */
import type { AnyEndpoint } from '../define.ts';
import { getCasesForDebtor, getCasesforPersonalNumber } from './account/cases.ts';
import { isIbanEqualToDb, isPlzEqualToDb, postalCodeMatchesLocation } from './account/checks.ts';
import { resetPassword, updatePassword } from './account/password.ts';
import {
  addEmailIfNotExists,
  disableErinnerungsdienst,
  getAdressChangeReasons,
  getDebtorInformation,
  getEmail,
  getFullProfile,
  getProfileEndpoint,
  getSchuldnerName,
  hasActiveContactInformation,
  updateProfile,
} from './account/profile.ts';
import {
  autologin,
  getLoginStatus,
  getThirdPartyToken,
  isFullLoggedIn,
  login,
  loginAzOnly,
  logout,
  setCollectionBatchNumber,
} from './account/sign-in.ts';

export { signInResponse } from './account/sign-in.ts';

export const accountEndpoints: AnyEndpoint[] = [
  updatePassword,
  getAdressChangeReasons,
  resetPassword,
  getProfileEndpoint,
  getFullProfile,
  getSchuldnerName,
  login,
  loginAzOnly,
  getCasesForDebtor,
  updateProfile,
  disableErinnerungsdienst,
  getEmail,
  getDebtorInformation,
  hasActiveContactInformation,
  isPlzEqualToDb,
  isIbanEqualToDb,
  isFullLoggedIn,
  getLoginStatus,
  autologin,
  addEmailIfNotExists,
  postalCodeMatchesLocation,
  getCasesforPersonalNumber,
  setCollectionBatchNumber,
  getThirdPartyToken,
  logout,
] as unknown as AnyEndpoint[];
