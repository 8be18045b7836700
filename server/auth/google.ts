import { CodeChallengeMethod, decodeIdToken, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** Overridable so an integration test can run the whole flow against a local OIDC mock. */
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  issuer?: string;
}

const GOOGLE = {
  authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenEndpoint: 'https://oauth2.googleapis.com/token',
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
};

export interface GoogleProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
}

export function googleSignIn(config: GoogleConfig, publicOrigin: string) {
  const redirectUri = new URL('/api/auth/google/callback', publicOrigin).toString();
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  const issuers = config.issuer ? [config.issuer] : GOOGLE.issuers;
  return {
    /** The URL to send the browser to, with the state and PKCE verifier to keep in cookies. */
    start() {
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const url = client.createAuthorizationURLWithPKCE(
        config.authorizationEndpoint ?? GOOGLE.authorizationEndpoint,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ['openid', 'email', 'profile'],
      );
      return { url: url.toString(), state, codeVerifier };
    },
    /**
     * Exchanges the code for tokens and reads the ID token. It comes straight from the token endpoint
     * over TLS, so (OIDC Core 3.1.3.7) its signature need not be checked; issuer and audience are.
     */
    async finish(code: string, codeVerifier: string): Promise<GoogleProfile> {
      const tokens = await client.validateAuthorizationCode(
        config.tokenEndpoint ?? GOOGLE.tokenEndpoint,
        code,
        codeVerifier,
      );
      const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
      const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!issuers.includes(String(claims.iss))) throw new Error('ID token from an unexpected issuer');
      if (!audience.includes(config.clientId)) throw new Error('ID token for another client');
      if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') {
        throw new Error('ID token without subject or email');
      }
      return {
        subject: claims.sub,
        email: claims.email.trim().toLowerCase(),
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      };
    },
  };
}
