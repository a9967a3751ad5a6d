// Production stand-in for `asn1.js` (with its own copy of bn.js v4: ~90 KB of every bundle that
// seals secrets). In the AWS Encryption SDK only ECDSA-signing algorithm suites use it:
// @aws-crypto/serialize's der2raw/raw2der (signature format) and @aws-crypto/material-management's
// publicKeyPem/privateKeyPem, called only when a SignatureKey/VerificationKey is built, which
// happens only for suites with a signature curve. Our secrets are sealed with the non-signing
// committing suite (SECRET_SUITE in lambdas/platform/secrets/seal.ts) and openSecret refuses any
// other suite, so a valid secret never reaches this code; a message with a signing suite fails to
// open either way (here while the ESDK reads its header, unbundled after decrypting: both are a
// SecretOpenError). Module loading only calls `define`, so that works; anything that would
// actually encode, decode or build a big number throws instead of returning a wrong value.
// test/unit/lambdas/platform/secrets/bundle.test.ts bundles seal.ts with the production esbuild
// settings and proves the round trip and the refusal.
'use strict';

function unavailable(what) {
  const error = new Error(
    `asn1.js is not part of this Lambda bundle (${what}): only ECDSA-signing AWS Encryption SDK suites need it. See infra/bundling/asn1-stub.cjs.`,
  );
  error.name = 'Asn1UnavailableError';
  throw error;
}

/** A stand-in for an ASN.1 model: defining it works, using it throws. */
function define(name) {
  return {
    name,
    encode() {
      unavailable(`encode ${name}`);
    },
    decode() {
      unavailable(`decode ${name}`);
    },
  };
}

class BN {
  constructor() {
    unavailable('bignum.BN');
  }
}

module.exports = { define, bignum: { BN } };
