import { type FakeAnswer, type FakeControls, type FakeServerOptions, startFakeServer } from "./fake-server";
import { verifySigV4 } from "./sigv4";

/*
 * Amazon SES v2 GetAccount on loopback (GET /v2/email/account), requests checked by their SigV4 signature; errors
 * the way the restJson1 protocol carries them (x-amzn-ErrorType header and a { message } body), so the SDK raises
 * the same named exceptions as against AWS.
 */

export interface FakeSesOptions extends FakeServerOptions {
  accessKeyId?: string;
  secretAccessKey?: string;
  productionAccess?: boolean;
  sendingEnabled?: boolean;
  max24HourSend?: number;
}

export interface FakeSes extends FakeControls {
  accessKeyId: string;
  secretAccessKey: string;
  baseUrls: { aws_ses: string };
}

const awsError = (status: number, type: string, message: string): FakeAnswer => ({
  status,
  headers: { "x-amzn-ErrorType": `${type}:http://internal.amazon.com/coral/com.amazonaws.sesv2/` },
  body: { message },
});

export async function startFakeSes(opts: FakeSesOptions = {}): Promise<FakeSes> {
  const accessKeyId = opts.accessKeyId ?? "AKIAFAKEFAKEFAKEFAKE";
  const secretAccessKey = opts.secretAccessKey ?? "fake/secret/access/key/0000000000000000";
  const server = await startFakeServer(
    {
      valueOf: () => null,
      errorBody: (status) => ({ message: status === 429 ? "Rate exceeded" : "Internal failure" }),
      handle(req) {
        const auth = verifySigV4(req, (id) => (id === accessKeyId ? secretAccessKey : undefined));
        if (auth === "missing") return awsError(403, "MissingAuthenticationTokenException", "Missing Authentication Token");
        if (auth === "unknown_key")
          return awsError(403, "UnrecognizedClientException", "The security token included in the request is invalid.");
        if (auth === "bad_signature") {
          return awsError(
            403,
            "InvalidSignatureException",
            "The request signature we calculated does not match the signature you provided.",
          );
        }
        if (req.method !== "GET" || req.url.pathname !== "/v2/email/account") return awsError(404, "NotFoundException", "Not found");
        return {
          status: 200,
          body: {
            DedicatedIpAutoWarmupEnabled: false,
            EnforcementStatus: "HEALTHY",
            ProductionAccessEnabled: opts.productionAccess ?? true,
            SendingEnabled: opts.sendingEnabled ?? true,
            SendQuota: { Max24HourSend: opts.max24HourSend ?? 50000, MaxSendRate: 14, SentLast24Hours: 0 },
          },
        };
      },
    },
    opts,
  );
  return { ...server, accessKeyId, secretAccessKey, baseUrls: { aws_ses: server.url } };
}
