{
  "signedFile" : "20261205T101531Z_vm_GOLD-8.json",
  "algorithm" : "Ed25519",
  "publicKey" : "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA2e7fG2Yhi6/LbOJ8WIWdEnnJOKzwuTU86pHrHM4N7sY=\n-----END PUBLIC KEY-----\n",
  "publicKeyFingerprint" : "SHA256:5335 6d56 32f5 775a fa08 409a fa07 95ab 9ce1 af81 80c0 b1ff c1a2 e18f 26f0 922c",
  "signature" : "vGVdQZHJwUvwgomYv422ufhSIT3aHOeued6kFpVdGQ1MPit1iRM3clwRqTtOYtGk4wHZQdo/TsuhHgHEOMbWDg=="
}
