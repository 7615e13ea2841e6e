import { basicCredentials, type FakeAnswer, type FakeRequest } from "./fake-server";

/*
 * What both Twilio fakes (Lookup in fake-twilio.ts, Messaging in fake-twilio-messaging.ts) answer alike: the
 * default account, HTTP basic auth with the Account SID and Auth Token, errors in Twilio's JSON shape, and the
 * account fetch (GET /2010-04-01/Accounts/{sid}.json) that the connection test of both gateway kinds makes.
 */

export const FAKE_TWILIO_ACCOUNT_SID = "ACfake0000000000000000000000000000";
export const FAKE_TWILIO_AUTH_TOKEN = "fake-auth-token";

export const twilioError = (status: number, code: number, message: string): FakeAnswer => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

export const twilioNotFound = (): FakeAnswer => twilioError(404, 20404, "The requested resource was not found");

/** Twilio's 401 when the request's basic auth is not the account's SID and token, else null. */
export function twilioAuthFailure(req: FakeRequest, accountSid: string, authToken: string): FakeAnswer | null {
  const auth = basicCredentials(req.headers);
  return !auth || auth.user !== accountSid || auth.password !== authToken ? twilioError(401, 20003, "Authenticate") : null;
}

/** The account resource as the account fetch answers it. */
export const twilioAccount = (accountSid: string, status = "active"): FakeAnswer => ({
  status: 200,
  body: { sid: accountSid, friendly_name: "Fake Twilio account", status, type: "Full" },
});
