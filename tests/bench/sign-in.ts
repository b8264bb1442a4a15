/**
 * Signs demo file 100000001 in through the real form, the way the browser does it: a captcha
 * challenge fetched and solved, then the form posted. Used by the benchmarks in tests/bench
 * (server.ts, js-size.ts). Returns the session cookie as `name=value`.
 */
import { solveChallenge } from 'altcha-lib';

export async function signIn(origin: string, base = '/serviceportal'): Promise<string> {
  const challenge = (await (await fetch(`${origin}${base}/captcha`)).json()) as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('the captcha could not be solved');
  const altcha = Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
      took: solution.took,
    }),
  ).toString('base64');
  const response = await fetch(`${origin}${base}/signin`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({
      mode: 'password',
      reference: '100000001',
      password: 'Demo-Pass1',
      privacy: 'on',
      altcha,
    }).toString(),
  });
  await response.arrayBuffer();
  const session = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('portal_session='));
  if (response.status !== 302 || !session) throw new Error(`sign-in failed: ${response.status}`);
  return session;
}
